/**
 * The Disputes tab of /dashboard/admin (issue 20): contested no-show
 * reports with both statements, the session, its people and its money;
 * the decision form (what happened, the partial refund's amount within its
 * maximum, the reason) and the server's field errors under their fields.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { aUser, callsTo, json, logIn, mockApi, renderAt, resetAuth, skippedHeadingLevels } from "../../testing";
import AdminDashboardPage from "./AdminDashboardPage";

const NOW = new Date("2026-12-02T06:00:00Z");

function aDispute(overrides: Record<string, unknown> = {}) {
  return {
    id: "bk-7",
    service_title: "Mock interview",
    start: "2026-12-01T08:45:00Z",
    end: "2026-12-01T09:45:00Z",
    learner_name: "Riya Sen",
    mentor_name: "Asha Rao",
    price_paise: 150_000,
    captured_paise: 150_000,
    refunded_paise: 0,
    partial_max_paise: 75_000,
    report: {
      booking_id: "bk-7",
      missed: "learner",
      reporter: "mentor",
      choice: "refund",
      state: "contested",
      report_statement: "The learner never joined.",
      reported_at: "2026-12-01T09:00:00Z",
      contest_closes_at: "2026-12-03T09:00:00Z",
      contest_statement: "I was there; the mentor’s video was off.",
      contested_at: "2026-12-01T12:00:00Z",
      outcome: null,
      refund_paise: null,
      decision_reason: null,
      settled_at: null,
      may_contest: false,
      message: "Only the learner or the mentor of the session can contest a no-show report.",
      partial_max_paise: 75_000,
    },
    ...overrides,
  };
}

const DECIDE = "/api/admin/disputes/bk-7/decide/";

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"], now: NOW });
  resetAuth();
  logIn(aUser({ role: "admin", name: "Admin" }));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  resetAuth();
});

describe("the dispute queue", () => {
  it("lists contested reports with both statements, the people and the money, in its own tab", async () => {
    mockApi({ "GET /api/admin/disputes/": json(200, [aDispute()]) });
    renderAt("/dashboard/admin?section=disputes", <AdminDashboardPage />);
    expect(screen.getByRole("tab", { name: "Disputes" }).getAttribute("aria-selected")).toBe("true");
    const card = await screen.findByTestId("dispute");
    expect(within(card).getByRole("heading", { level: 3 }).textContent).toBe("Mock interview: Asha Rao (mentor) reported Riya Sen (learner) missing");
    expect(within(card).getByTestId("dispute-report-statement").textContent).toBe("The learner never joined.");
    expect(within(card).getByTestId("dispute-contest-statement").textContent).toBe("I was there; the mentor’s video was off.");
    expect(within(card).getByTestId("dispute-captured").textContent).toBe("₹1,500");
    expect(within(card).getByTestId("dispute-partial-max").textContent).toBe("₹750");
    expect(screen.getByRole("heading", { level: 2, name: "Contested no-show reports" })).toBeTruthy();
    expect(skippedHeadingLevels()).toEqual([]);
  });

  it("says when nothing waits", async () => {
    mockApi({ "GET /api/admin/disputes/": json(200, []) });
    renderAt("/dashboard/admin?section=disputes", <AdminDashboardPage />);
    expect((await screen.findByTestId("disputes-empty")).textContent).toMatch(/all caught up/);
  });

  it("decides the mentor missed it: the outcome is sent, the dispute leaves the queue and the admin is told", async () => {
    const calls = mockApi({
      "GET /api/admin/disputes/": json(200, [aDispute()]),
      [`POST ${DECIDE}`]: json(200, { ...aDispute().report, state: "settled", outcome: "mentor_missed", refund_paise: 150_000 }),
    });
    renderAt("/dashboard/admin?section=disputes", <AdminDashboardPage />);
    const card = await screen.findByTestId("dispute");
    fireEvent.click(within(card).getByRole("button", { name: "Record decision" }));
    expect(await within(card).findByText("Choose what happened.")).toBeTruthy();
    expect(callsTo(calls, "POST", DECIDE)).toHaveLength(0);
    fireEvent.click(within(card).getByLabelText(/The mentor missed it/));
    fireEvent.click(within(card).getByRole("button", { name: "Record decision" }));
    await waitFor(() => expect(screen.queryByTestId("dispute")).toBeNull());
    expect(callsTo(calls, "POST", DECIDE)[0]?.body).toEqual({ outcome: "mentor_missed" });
    expect(screen.getByText(/Decided: the mentor missed it/)).toBeTruthy();
  });

  it("a partial refund: the amount in rupees goes as paise, and the server's errors show under their fields", async () => {
    const calls = mockApi({
      "GET /api/admin/disputes/": json(200, [aDispute()]),
      [`POST ${DECIDE}`]: json(400, {
        amount_paise: ["A partial refund is at most ₹750 (50 % of what the session cost, less what was refunded)."],
        reason: ["Give the reason for the partial refund: both sides read it."],
      }),
    });
    renderAt("/dashboard/admin?section=disputes", <AdminDashboardPage />);
    const card = await screen.findByTestId("dispute");
    fireEvent.click(within(card).getByLabelText(/Neither is established/));
    const amount = within(card).getByLabelText("Partial refund (₹)");
    expect(within(card).getByText(/At most ₹750/)).toBeTruthy();
    fireEvent.change(amount, { target: { value: "800" } });
    fireEvent.click(within(card).getByRole("button", { name: "Record decision" }));
    expect(await within(card).findByText(/A partial refund is at most ₹750/)).toBeTruthy();
    expect(within(card).getByText("Give the reason for the partial refund: both sides read it.")).toBeTruthy();
    expect(amount.getAttribute("aria-invalid")).toBe("true");
    expect(callsTo(calls, "POST", DECIDE)[0]?.body).toEqual({ outcome: "partial", amount_paise: 80_000 });
    expect(screen.getByTestId("dispute")).toBeTruthy();
  });
});

describe("approving a refund beyond the rules", () => {
  it("sends the override reason and shows the server's error under it", async () => {
    const refund = {
      id: "rf-1",
      booking_id: "bk-1",
      status: "requested",
      basis: "unused",
      automatic: false,
      reason: "Plans changed.",
      requested_paise: 150_000,
      amount_paise: null,
      decision_note: null,
      requested_at: "2026-11-30T08:00:00Z",
      decided_at: null,
      processed_at: null,
      failed_at: null,
      failure_reason: null,
      learner_name: "Riya Sen",
      mentor_name: "Asha Rao",
      service_title: "Mock interview",
      age_business_days: 1,
      due_at: "2026-12-07T08:00:00Z",
      overdue: false,
      refundable_paise: 150_000,
    };
    const calls = mockApi({
      "GET /api/admin/refunds/": json(200, [refund]),
      "POST /api/admin/refunds/rf-1/approve/": (call) =>
        (call.body as { override_reason?: string }).override_reason
          ? json(200, { ...refund, status: "pending", amount_paise: 150_000 })
          : json(400, { override_reason: ["The session has already started, so a refund for a session not yet held is beyond the rules. Give a reason to approve it anyway."] }),
    });
    renderAt("/dashboard/admin?section=refunds&refund=rf-1", <AdminDashboardPage />);
    const detail = await screen.findByTestId("refund-detail");
    fireEvent.click(within(detail).getByRole("button", { name: "Approve refund" }));
    expect(await within(detail).findByText(/beyond the rules\. Give a reason/)).toBeTruthy();
    const why = within(detail).getByLabelText(/Reason for going beyond the refund rules/);
    expect(why.getAttribute("aria-invalid")).toBe("true");
    fireEvent.change(why, { target: { value: "The mentor asked us to refund it." } });
    fireEvent.click(within(detail).getByRole("button", { name: "Approve refund" }));
    await waitFor(() => expect(callsTo(calls, "POST", "/api/admin/refunds/rf-1/approve/")).toHaveLength(2));
    expect(callsTo(calls, "POST", "/api/admin/refunds/rf-1/approve/")[1]?.body).toEqual({ amount_paise: 150_000, override_reason: "The mentor asked us to refund it." });
  });
});
