/**
 * The product facts the static pages state (SPEC §1, §5, §9), written once so
 * that About, Services, the mentor pages and the policies never disagree.
 * Figures about the catalogue (how many mentors, ratings) are deliberately
 * absent: those come from the database, never from copy.
 */

/** The date every policy page carries (SPEC §2, §9). */
export const POLICY_UPDATED = "August 2023";

/** Where refund requests and other questions go when `/api/config/` names no address. */
export { FALLBACK_SUPPORT_EMAIL } from "./api/config";

/** How mentees pay (SPEC §1). */
export const PAYMENT_METHODS = "UPI, credit and debit cards, net banking and wallets";

/**
 * The refund rules the policies publish (issue 13). The rules themselves
 * live in the domain crate (`refundRules()` and `refundEligibility()`, in the
 * dashboards module that static pages do not load); `facts.test.ts` holds
 * these figures equal to the crate's.
 */
export const REFUND_POLICY = {
  /** Days after the payment to ask for a refund of a session not taken; after the session's end for the partial refund. */
  windowDays: 7,
  /** Hours after the session's end within which feedback opens the partial refund. */
  partialFeedbackHours: 48,
  /** The partial refund's share of what was paid, in per cent. */
  partialPercent: 50,
  /** The business days (Monday to Friday, India) a request waits for an answer. */
  reviewDaysMin: 3,
  reviewDaysMax: 5,
  /** Days after a completed session before the mentor's net is available for payout. */
  payoutHoldDays: 2,
} as const;

export const REFUND_WINDOW = `${REFUND_POLICY.windowDays} days`;
export const FEEDBACK_WINDOW = `${REFUND_POLICY.partialFeedbackHours} hours`;
export const REFUND_REVIEW_TIME = `${REFUND_POLICY.reviewDaysMin}–${REFUND_POLICY.reviewDaysMax} business days`;
/** "50%": the partial refund's share of what was paid. */
export const PARTIAL_REFUND_SHARE = `${REFUND_POLICY.partialPercent}%`;
export const APPROVAL_TIME = "24 hours";
export const REPLY_TIME = "24 hours";

/**
 * The booking rules the policies publish. The rules themselves live in the
 * domain crate (`bookingRules()`, in the dashboards module that static pages
 * do not load); `facts.test.ts` holds these figures equal to the crate's.
 */
export const BOOKING_POLICY = {
  responseHours: 24,
  /** The default pay window (the server's `PAY_WINDOW_MINUTES`); a booking shows its own deadline. */
  holdMinutes: 240,
  learnerNoticeHours: 12,
  mentorNoticeHours: 2,
  maxReschedules: 3,
  noShowAfterMinutes: 10,
  noShowWindowHours: 48,
} as const;

/**
 * The no-show contest rules the policies publish (issue 20). The rules live
 * in the domain crate (`noShowContestRules()`, `noShowContest()`,
 * `noShowDecision()`, dashboards module); `facts.test.ts` holds these
 * figures equal to the crate's.
 */
export const NO_SHOW_CONTEST_POLICY = {
  /** Hours after a no-show report in which the other side may contest it. */
  contestWindowHours: 48,
  /** The longest statement, in characters. */
  statementMax: 1000,
} as const;

export const CONTEST_WINDOW = `${NO_SHOW_CONTEST_POLICY.contestWindowHours} hours`;

/**
 * Payout timing. The marketing text says mentors are paid in 2 days, the FAQ
 * says weekly or monthly (SPEC §1): both readings, reconciled. Earnings
 * become payable 2 days after a completed session and reach the bank in the
 * weekly (or, by choice, monthly) settlement.
 */
export const PAYOUT_SUMMARY = `Earnings from a completed session are released for payout ${REFUND_POLICY.payoutHoldDays} days after the session and settled to your bank account weekly, or monthly if you prefer fewer, larger transfers.`;

/** The commission rate is not public (SPEC §9): this is how the pages describe it. */
export const COMMISSION_SUMMARY = "a platform commission, shown to you before you publish your prices";

/**
 * The published rule for what a refund takes back (the crate's
 * `refunds::refund_split`): the platform's commission and the mentor's
 * share, in the proportion the payment was split.
 */
export const REFUND_SPLIT_RULE =
  "A refund takes back the platform’s commission and the mentor’s earnings in the same proportion as the payment was split between them, so a full refund returns all of both and a partial refund an equal share of each.";

