-- The gateway is the source of truth (issue 19): a checkout callback whose
-- payment the gateway could not be asked about yet is "being confirmed":
-- the payment id the checkout gave, since when, and the booking's payment
-- deadline before it was frozen (restored if the gateway says it failed).
ALTER TABLE payments ADD COLUMN confirming_payment_id TEXT NULL;
ALTER TABLE payments ADD COLUMN confirming_since TIMESTAMPTZ NULL;
ALTER TABLE payments ADD COLUMN frozen_pay_by TIMESTAMPTZ NULL;

-- Money the gateway moved on its own side (issue 19): a refund made on
-- Razorpay's dashboard or by its auto-refund, and a dispute (chargeback)
-- of a payment, as its webhooks and the reconciliation report them. A
-- refund counts against what is left of the payment like ours; an open
-- dispute holds the session's net from payouts; a lost one, and a
-- processed refund, are ledger 'refund' transactions
-- ('gateway_refund:<id>', 'dispute_lost:<id>').
CREATE TABLE gateway_adjustments (
    id            TEXT    PRIMARY KEY,
    kind          TEXT    NOT NULL CHECK (kind IN ('refund', 'dispute')),
    gateway       TEXT    NOT NULL,
    payment_id    TEXT    NOT NULL REFERENCES payments (id) ON DELETE RESTRICT,
    booking_id    TEXT    NOT NULL REFERENCES bookings (id) ON DELETE RESTRICT,
    amount_paise  BIGINT NOT NULL CHECK (amount_paise > 0),
    status        TEXT    NOT NULL CHECK (status IN ('pending', 'processed', 'failed', 'open', 'under_review', 'won', 'lost', 'closed')),
    created_at    TIMESTAMPTZ NOT NULL,
    updated_at    TIMESTAMPTZ NOT NULL
);

CREATE INDEX gateway_adjustments_by_booking ON gateway_adjustments (booking_id);

-- The sandbox's money, which never moved (issue 19): counted only on a
-- site that runs the sandbox. What was recorded before is the sandbox's
-- when its payment or refund was; payouts were, while no real gateway had
-- taken any money.
ALTER TABLE ledger_txns ADD COLUMN sandbox BOOLEAN NOT NULL DEFAULT FALSE;
UPDATE ledger_txns SET sandbox = TRUE
 WHERE id IN (SELECT 'capture:' || id FROM payments WHERE gateway = 'sandbox')
    OR refund_id IN (SELECT id FROM refunds WHERE gateway = 'sandbox')
    OR (payout_line_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM payments WHERE gateway <> 'sandbox'));
