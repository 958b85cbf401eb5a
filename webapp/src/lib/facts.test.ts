import { describe, expect, it } from "vitest";
import { bookingRules, noShowContestRules, refundRules } from "./domain";
import { BOOKING_POLICY, CONTEST_WINDOW, FEEDBACK_WINDOW, NO_SHOW_CONTEST_POLICY, PARTIAL_REFUND_SHARE, PAYOUT_SUMMARY, REFUND_POLICY, REFUND_REVIEW_TIME, REFUND_WINDOW } from "./facts";

describe("the published booking rules", () => {
  it("are the domain crate's rules, figure for figure", () => {
    const rules = bookingRules();
    expect(BOOKING_POLICY).toEqual({
      responseHours: rules.responseHours,
      holdMinutes: rules.holdMinutes,
      learnerNoticeHours: rules.learnerNoticeHours,
      mentorNoticeHours: rules.mentorNoticeHours,
      maxReschedules: rules.maxReschedules,
      noShowAfterMinutes: rules.noShowAfterMinutes,
      noShowWindowHours: rules.noShowWindowHours,
    });
  });
});

describe("the published refund rules", () => {
  it("are the domain crate's rules, figure for figure", () => {
    const rules = refundRules();
    expect(REFUND_POLICY).toEqual({
      windowDays: rules.windowDays,
      partialFeedbackHours: rules.partialFeedbackHours,
      partialPercent: rules.partialPercent,
      reviewDaysMin: rules.reviewDaysMin,
      reviewDaysMax: rules.reviewDaysMax,
      payoutHoldDays: rules.payoutHoldDays,
    });
  });

  it("read as the pages state them", () => {
    expect(REFUND_WINDOW).toBe("7 days");
    expect(FEEDBACK_WINDOW).toBe("48 hours");
    expect(REFUND_REVIEW_TIME).toBe("3–5 business days");
    expect(PARTIAL_REFUND_SHARE).toBe("50%");
    expect(PAYOUT_SUMMARY).toMatch(/^Earnings from a completed session are released for payout 2 days after the session/);
  });
});

describe("the published no-show contest rules", () => {
  it("are the domain crate's rules, figure for figure", () => {
    const rules = noShowContestRules();
    expect(NO_SHOW_CONTEST_POLICY).toEqual({ contestWindowHours: rules.contestWindowHours, statementMax: rules.statementMax });
    expect(rules.partialPercent).toBe(REFUND_POLICY.partialPercent);
    expect(CONTEST_WINDOW).toBe("48 hours");
  });
});
