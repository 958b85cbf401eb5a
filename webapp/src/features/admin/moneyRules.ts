/**
 * The published money numbers the admin screens measure against, from the
 * crate (`refundRules()`, dashboards module: the admin entry awaits it), so
 * the queue's "3–5 business days" can never drift from the rule the server
 * applies.
 */
import { refundRules } from "../../lib/domain";

/** The review promise in business days: an answer within `min`–`max`. */
export function reviewPromise(): { min: number; max: number } {
  const rules = refundRules();
  return { min: rules.reviewDaysMin, max: rules.reviewDaysMax };
}

/** Days after a session's end before the mentor's net may be paid out. */
export function payoutHoldDays(): number {
  return refundRules().payoutHoldDays;
}
