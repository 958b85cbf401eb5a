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

/** The fields mentors come from (SPEC §1). */
export const MENTOR_FIELDS = ["Career", "Business", "Technology", "Health", "Academic", "Freelancing", "Creative"] as const;

/** How mentees pay (SPEC §1). */
export const PAYMENT_METHODS = "UPI, credit and debit cards, net banking and wallets";

export const REFUND_WINDOW = "7 days";
export const FEEDBACK_WINDOW = "48 hours";
export const REFUND_REVIEW_TIME = "3–5 business days";
export const APPROVAL_TIME = "24 hours";
export const REPLY_TIME = "24 hours";

/**
 * Payout timing. The marketing text says mentors are paid in 2 days, the FAQ
 * says weekly or monthly (SPEC §1): both readings, reconciled. Earnings
 * become payable 2 days after a completed session and reach the bank in the
 * weekly (or, by choice, monthly) settlement.
 */
export const PAYOUT_SUMMARY =
  "Earnings from a completed session are released for payout 2 days after the session and settled to your bank account weekly, or monthly if you prefer fewer, larger transfers.";

/** The commission rate is not public (SPEC §9): this is how the pages describe it. */
export const COMMISSION_SUMMARY = "a platform commission, shown to you before you publish your prices";

/** "career, business, technology, health, academic, freelancing and creative" */
export const MENTOR_FIELDS_TEXT = `${MENTOR_FIELDS.slice(0, -1)
  .map((f) => f.toLowerCase())
  .join(", ")} and ${MENTOR_FIELDS[MENTOR_FIELDS.length - 1]?.toLowerCase() ?? ""}`;
