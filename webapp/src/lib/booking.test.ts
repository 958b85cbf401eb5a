/**
 * The booking lifecycle's vectors (`domain-wasm/vectors/booking.json`,
 * written from BOOKING.md §1) through the app's own door, `domain.ts`, after
 * `loadDashboardRules()`: the screens show exactly these actions, so the
 * functions they import must answer exactly as the server's crate does.
 * (vectors.test.ts runs the same file against the package directly.)
 */
import { beforeAll, describe, expect, it } from "vitest";
import bookingVectors from "../../../domain-wasm/vectors/booking.json";
import {
  bookingActions,
  bookingOpening,
  bookingRules,
  bookingStatus,
  bookingTransition,
  loadDashboardRules,
  type BookingAction,
  type BookingFacts,
  type BookingParty,
  type BookingRequest,
} from "./domain";

interface Case {
  note: string;
  fn: string;
  args: unknown[];
  expect?: unknown;
  throws?: string;
}

const cases = (bookingVectors as { cases: Case[] }).cases;

const functions: Record<string, (...args: never[]) => unknown> = {
  bookingActions,
  bookingOpening,
  bookingRules,
  bookingStatus,
  bookingTransition,
};

beforeAll(() => loadDashboardRules());

describe("the booking rules the screens import", () => {
  it("answer every booking vector as the crate does natively", () => {
    const failures: string[] = [];
    for (const c of cases) {
      const fn = functions[c.fn];
      if (!fn) {
        failures.push(`${c.note}: domain.ts has no ${c.fn}`);
        continue;
      }
      let outcome: { value: unknown } | { error: string };
      try {
        outcome = { value: JSON.parse(JSON.stringify(fn(...(c.args as never[])) ?? null)) };
      } catch (error) {
        outcome = { error: error instanceof Error ? error.message : String(error) };
      }
      const want = c.throws === undefined ? { value: c.expect } : { error: c.throws };
      try {
        expect(outcome).toStrictEqual(want);
      } catch {
        failures.push(`${c.note}: want ${JSON.stringify(want)}, got ${JSON.stringify(outcome)}`);
      }
    }
    expect(failures).toEqual([]);
    // Every status × party × boundary of the table, the transitions, the refusals.
    expect(cases.length).toBeGreaterThanOrEqual(1200);
  });

  it("lists the actions in the contract's order and covers every one but refund", () => {
    const order: BookingAction[] = ["accept", "decline", "pay", "cancel", "reschedule", "join", "no_show", "feedback", "refund"];
    const seen = new Set<BookingAction>();
    for (const c of cases.filter((c) => c.fn === "bookingActions" && c.throws === undefined)) {
      const [facts, party, now] = c.args as [BookingFacts, BookingParty, number];
      const actions = bookingActions(facts, party, now);
      const positions = actions.map((a) => order.indexOf(a));
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
      actions.forEach((a) => seen.add(a));
    }
    expect([...seen].sort()).toEqual(order.filter((a) => a !== "refund").sort());
  });

  it("refuses in the user's words, and a learner's late cancel says when cancellations close", () => {
    const start = Date.UTC(2026, 11, 1, 10);
    const facts: BookingFacts = {
      status: "confirmed",
      startMs: start,
      endMs: start + 3_600_000,
      pricePaise: 150_000,
      paidPaise: 150_000,
      hasFeedback: false,
      rescheduleCount: 0,
      respondByMs: null,
      noShowBy: null,
    };
    const cancel: BookingRequest = { type: "cancel" };
    const late = bookingTransition(facts, "learner", cancel, start - 11 * 3_600_000);
    expect(late).toMatchObject({ type: "refused", message: expect.stringContaining("cancellations close 12 hours before the start") });
    expect(bookingTransition(facts, "mentor", cancel, start - 1)).toStrictEqual({
      type: "ok",
      value: { status: "cancelled", cancelledBy: "mentor", refundOwedPaise: 150_000, rescheduled: false },
    });
    expect(bookingStatus(facts, start + 3_600_000)).toBe("completed");
    expect(bookingRules().learnerNoticeHours).toBe(12);
  });
});
