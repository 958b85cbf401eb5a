/**
 * The money tabs of /dashboard/admin (issue 13): the refund queue with each
 * request's age against the 3–5 business-day promise, approve with an
 * amount in rupees (sent in paise) or reject with a reason; payout batches
 * (create, the CSV, lines marked paid or failed) and the ledger's totals.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { aUser, callsTo, json, logIn, mockApi, renderAt, resetAuth, skippedHeadingLevels, useFakeClock, type Handler } from "../../testing";
import AdminDashboardPage from "./AdminDashboardPage";
import { periodEndOf } from "./PayoutsPanel";
import { browserDay as dayOf } from "../../lib/time";

function aRefund(overrides: Record<string, unknown> = {}) {
  return {
    id: "rf-1",
    booking_id: "bk-1",
    status: "requested",
    basis: "partial",
    automatic: false,
    reason: "The session was cut short by 20 minutes.",
    requested_paise: 75_000,
    amount_paise: null,
    decision_note: null,
    requested_at: "2026-11-23T08:00:00Z",
    decided_at: null,
    processed_at: null,
    failed_at: null,
    failure_reason: null,
    learner_name: "Riya Sen",
    mentor_name: "Asha Rao",
    service_title: "Career strategy call",
    age_business_days: 1,
    due_at: "2026-11-30T08:00:00Z",
    overdue: false,
    refundable_paise: 150_000,
    ...overrides,
  };
}

const OLD = aRefund({ id: "rf-0", learner_name: "Kabir Das", basis: "unused", requested_paise: 250_000, age_business_days: 6, overdue: true, requested_at: "2026-11-13T08:00:00Z" });
const NEW = aRefund();

function refunds(byStatus: Record<string, unknown[]>): Handler {
  return (call) => json(200, byStatus[new URL(call.url, "http://localhost").searchParams.get("status") ?? ""] ?? []);
}

const LEDGER = {
  accounts: [
    { account: "gateway", balance_paise: 120_000 },
    { account: "commission", balance_paise: -30_000 },
    { account: "mentor", balance_paise: -90_000 },
    { account: "tds_payable", balance_paise: -2_500 },
  ],
  balanced: true,
  captured_paise: 300_000,
  refunded_paise: 75_000,
  paid_out_paise: 105_000,
  held_paise: 120_000,
  commission_paise: 30_000,
  sandbox: false,
};

function aLine(overrides: Record<string, unknown> = {}) {
  return {
    id: 11,
    batch_id: 3,
    mentor_id: 41,
    mentor_name: "Asha Rao",
    amount_paise: 112_550,
    gross_paise: 140_000,
    tds_paise: 0,
    method: "bank",
    beneficiary_name: "Asha Rao",
    account_number_masked: "•••• •••• 1234",
    ifsc: "HDFC0001234",
    upi_id_masked: null,
    reference: "MMP-000003-000011",
    status: "pending",
    failure_reason: null,
    paid_at: null,
    failed_at: null,
    ...overrides,
  };
}

const UPI_LINE = aLine({
  id: 12,
  mentor_id: 42,
  mentor_name: "Vikram Shah",
  beneficiary_name: "Vikram Shah",
  method: "upi",
  account_number_masked: null,
  ifsc: null,
  upi_id_masked: "vi•••@okaxis",
  amount_paise: 40_000,
  // No PAN: 5 % of ₹500 gross, and ₹75 commission.
  gross_paise: 50_000,
  tds_paise: 2_500,
  reference: "MMP-000003-000012",
});

function aBatch(overrides: Record<string, unknown> = {}) {
  return {
    id: 3,
    period_end: "2026-11-24T10:00:00Z",
    created_at: "2026-11-24T10:00:00Z",
    line_count: 2,
    total_paise: 152_550,
    created_by: 1,
    paid_paise: 0,
    pending_count: 2,
    failed_count: 0,
    sandbox: false,
    ...overrides,
  };
}

beforeEach(() => {
  resetAuth();
  useFakeClock({ now: new Date("2026-11-24T10:00:00Z") });
  logIn(aUser({ role: "admin", name: "Admin" }));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  resetAuth();
});

describe("the sections", () => {
  it("are tabs in the address; the applications queue is not fetched while another tab is open", async () => {
    const calls = mockApi({
      "GET /api/admin/mentor-applications/": json(200, []),
      "GET /api/admin/refunds/": refunds({ requested: [NEW] }),
      "GET /api/admin/ledger/": json(200, LEDGER),
      "GET /api/admin/payouts/": json(200, []),
    });
    const { router } = renderAt("/dashboard/admin?section=refunds", <AdminDashboardPage />);
    await waitFor(() => expect(screen.getAllByTestId("refund-row")).toHaveLength(1));
    expect(screen.getByRole("tab", { name: "Refunds" }).getAttribute("aria-selected")).toBe("true");
    expect(callsTo(calls, "GET", "/api/admin/mentor-applications/")).toHaveLength(0);
    expect(screen.getByText(/refund requests an answer within 3–5 business days/)).toBeTruthy();

    fireEvent.keyDown(screen.getByRole("tab", { name: "Refunds" }), { key: "ArrowRight" });
    expect(await screen.findByTestId("payouts-panel")).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole("tab", { name: "Payouts" }));
    expect(router.state.location.search).toBe("?section=payouts");

    fireEvent.click(screen.getByRole("tab", { name: "Applications" }));
    expect(await screen.findByTestId("queue-empty")).toBeTruthy();
    expect(router.state.location.search).toBe("");
    expect(callsTo(calls, "GET", "/api/admin/mentor-applications/")).toHaveLength(1);
    expect(skippedHeadingLevels()).toEqual([]);
  });
});

describe("the refund queue", () => {
  it("lists requests oldest first with who, what and how much, and each one's age against 3–5 business days; overdue in words", async () => {
    const calls = mockApi({ "GET /api/admin/refunds/": refunds({ requested: [OLD, NEW] }) });
    renderAt("/dashboard/admin?section=refunds", <AdminDashboardPage />);
    await waitFor(() => expect(screen.getAllByTestId("refund-row")).toHaveLength(2));
    const [first, second] = screen.getAllByTestId("refund-row") as [HTMLElement, HTMLElement];
    expect(first.textContent).toMatch(/Kabir Das ₹2,500/);
    expect(first.textContent).toMatch(/Unused session/);
    expect(within(first).getByTestId("overdue").textContent).toBe("Overdue");
    expect(within(first).getByTestId("refund-age").textContent).toMatch(/^Waiting 6 business days — past the 5-business-day promise · answer by /);
    expect(first.className).toMatch(/is-overdue/);
    expect(second.textContent).toMatch(/Riya Sen ₹750/);
    expect(second.textContent).toMatch(/Career strategy call with Asha Rao · Partial refund after feedback/);
    expect(within(second).queryByTestId("overdue")).toBeNull();
    expect(within(second).getByTestId("refund-age").textContent).toMatch(/^Waiting 1 business day of 3–5 · answer by /);
    expect(within(second).getByTestId("refund-age").querySelector("time")?.getAttribute("dateTime")).toBe("2026-11-30T08:00:00Z");
    expect(screen.getByTestId("refunds-count").textContent).toBe("2 refunds, oldest first · 1 overdue");
    const listed = callsTo(calls, "GET", "/api/admin/refunds/");
    expect(listed[0]?.url).toBe("/api/admin/refunds/?status=requested");
    expect(listed[0]?.headers.get("Authorization")).toBe("Bearer access-1");
  });

  it("filters by status through its tabs and says when nothing is there; a failed load can be retried", async () => {
    let n = 0;
    const processed = aRefund({ id: "rf-9", status: "processed", amount_paise: 50_000, processed_at: "2026-11-24T09:00:00Z", decided_at: "2026-11-24T08:30:00Z" });
    const calls = mockApi({
      "GET /api/admin/refunds/": (call) => (n++ === 0 ? json(500, {}) : refunds({ requested: [], processed: [processed] })(call, [])),
    });
    const { router } = renderAt("/dashboard/admin?section=refunds", <AdminDashboardPage />);
    expect(await screen.findByText("We couldn’t load the refunds. Please try again.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("No refund requests are waiting. You’re all caught up.")).toBeTruthy();
    fireEvent.click(screen.getByRole("tab", { name: "Processed" }));
    await waitFor(() => expect(screen.getAllByTestId("refund-row")).toHaveLength(1));
    const row = screen.getByTestId("refund-row");
    expect(row.textContent).toMatch(/Riya Sen ₹500/);
    expect(row.textContent).toMatch(/Processed/);
    expect(within(row).queryByTestId("refund-age")).toBeNull();
    expect(router.state.location.search).toBe("?section=refunds&status=processed");
    expect(callsTo(calls, "GET", "/api/admin/refunds/").map((c) => c.url)).toEqual([
      "/api/admin/refunds/?status=requested",
      "/api/admin/refunds/?status=requested",
      "/api/admin/refunds/?status=processed",
    ]);
  });

  it("opens a request with the learner's reason and the amount prefilled in rupees; approving sends paise, then drops it from the queue", async () => {
    let release: (r: Response) => void = () => undefined;
    const calls = mockApi({
      "GET /api/admin/refunds/": refunds({ requested: [OLD, NEW] }),
      "POST /api/admin/refunds/rf-1/approve/": () =>
        new Promise<Response>((resolve) => {
          release = resolve;
        }),
    });
    const { router } = renderAt("/dashboard/admin?section=refunds", <AdminDashboardPage />);
    await waitFor(() => expect(screen.getAllByTestId("refund-row")).toHaveLength(2));
    fireEvent.click(screen.getAllByTestId("refund-row")[1] as HTMLElement);
    const detail = await screen.findByTestId("refund-detail");
    expect(router.state.location.search).toBe("?section=refunds&refund=rf-1");
    const title = within(detail).getByRole("heading", { name: "₹750 to Riya Sen" });
    await waitFor(() => expect(document.activeElement).toBe(title));
    expect(detail.textContent).toMatch(/The session was cut short by 20 minutes\./);
    expect(within(detail).getByTestId("refundable-amount").textContent).toBe("₹1,500");
    const amount = within(detail).getByLabelText("Amount to refund (₹)") as HTMLInputElement;
    expect(amount.value).toBe("750");
    expect(detail.textContent).not.toMatch(/cancels the session/);
    expect(skippedHeadingLevels()).toEqual([]);

    fireEvent.change(amount, { target: { value: "500.50" } });
    fireEvent.click(within(detail).getByRole("button", { name: "Approve refund" }));
    await waitFor(() => expect(within(detail).getByRole("button", { name: "Approving…" })).toHaveProperty("disabled", true));
    expect(within(detail).getByRole("button", { name: "Reject…" })).toHaveProperty("disabled", true);
    release(json(200, aRefund({ status: "pending", amount_paise: 50_050, decided_at: "2026-11-24T10:00:00Z" })));
    expect(await screen.findByText("Approved: ₹500.50 is on its way back to Riya Sen.")).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId("refund-row")).toHaveLength(1));
    const after = screen.getByTestId("refund-detail");
    expect(within(after).queryByRole("button", { name: "Approve refund" })).toBeNull();
    expect(within(after).getByText("Pending")).toBeTruthy();
    expect(callsTo(calls, "POST", "/api/admin/refunds/rf-1/approve/").map((c) => c.body)).toEqual([{ amount_paise: 50_050 }]);
  });

  it("warns that approving a refund of a session not yet held cancels the session", async () => {
    mockApi({ "GET /api/admin/refunds/": refunds({ requested: [OLD, NEW] }) });
    renderAt("/dashboard/admin?section=refunds&refund=rf-0", <AdminDashboardPage />);
    const detail = await screen.findByTestId("refund-detail");
    expect(detail.textContent).toMatch(/Approving also cancels the session if it has not started, and tells both sides\./);
  });

  it("approve: an unreadable amount is said at once; the server's limit comes back under the field", async () => {
    const calls = mockApi({
      "GET /api/admin/refunds/": refunds({ requested: [NEW] }),
      "POST /api/admin/refunds/rf-1/approve/": json(400, { amount_paise: ["At most ₹1,500 can be refunded: what is left of the payment."] }),
    });
    renderAt("/dashboard/admin?section=refunds&refund=rf-1", <AdminDashboardPage />);
    const detail = await screen.findByTestId("refund-detail");
    const amount = within(detail).getByLabelText("Amount to refund (₹)");
    fireEvent.change(amount, { target: { value: "seven hundred" } });
    fireEvent.click(within(detail).getByRole("button", { name: "Approve refund" }));
    expect(await within(detail).findByText("Enter the amount in rupees, e.g. 750 or 750.50.")).toBeTruthy();
    expect(amount.getAttribute("aria-invalid")).toBe("true");
    expect(callsTo(calls, "POST", "/api/admin/refunds/rf-1/approve/")).toHaveLength(0);

    fireEvent.change(amount, { target: { value: "2000" } });
    expect(amount.getAttribute("aria-invalid")).toBeNull();
    fireEvent.click(within(detail).getByRole("button", { name: "Approve refund" }));
    expect(await within(detail).findByText("At most ₹1,500 can be refunded: what is left of the payment.")).toBeTruthy();
    expect(amount.getAttribute("aria-invalid")).toBe("true");
    expect(within(detail).getByRole("button", { name: "Approve refund" })).toHaveProperty("disabled", false);
    expect(callsTo(calls, "POST", "/api/admin/refunds/rf-1/approve/").map((c) => c.body)).toEqual([{ amount_paise: 200_000 }]);
  });

  it("approve refused as already decided (409): says why and reloads the queue", async () => {
    let listed = 0;
    mockApi({
      "GET /api/admin/refunds/": () => json(200, listed++ === 0 ? [OLD, NEW] : [OLD]),
      "POST /api/admin/refunds/rf-1/approve/": json(409, { detail: "This refund request has already been decided." }),
    });
    renderAt("/dashboard/admin?section=refunds&refund=rf-1", <AdminDashboardPage />);
    const detail = await screen.findByTestId("refund-detail");
    fireEvent.click(within(detail).getByRole("button", { name: "Approve refund" }));
    expect(await screen.findByText("This refund request has already been decided.")).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId("refund-row")).toHaveLength(1));
    expect(screen.queryByTestId("refund-detail")).toBeNull();
  });

  it("reject: a dialog asks for the reason, shows the server's field error, then records it", async () => {
    const calls = mockApi({
      "GET /api/admin/refunds/": refunds({ requested: [NEW] }),
      "POST /api/admin/refunds/rf-1/reject/": (call) => {
        const reason = (call.body as { reason: string }).reason;
        return reason.trim() === ""
          ? json(400, { reason: ["This field is required."] })
          : json(200, aRefund({ status: "rejected", decision_note: reason, decided_at: "2026-11-24T10:00:00Z" }));
      },
    });
    renderAt("/dashboard/admin?section=refunds&refund=rf-1", <AdminDashboardPage />);
    const detail = await screen.findByTestId("refund-detail");
    const open = within(detail).getByRole("button", { name: "Reject…" });
    open.focus();
    fireEvent.click(open);
    const dialog = await screen.findByRole("dialog", { name: "Reject Riya Sen’s refund request?" });
    const reason = within(dialog).getByLabelText("Reason (sent to the learner)");
    expect(document.activeElement).toBe(reason);
    fireEvent.click(within(dialog).getByRole("button", { name: "Reject request" }));
    expect(await within(dialog).findByText("This field is required.")).toBeTruthy();
    expect(reason.getAttribute("aria-invalid")).toBe("true");
    fireEvent.change(reason, { target: { value: "Feedback came after the 48 hours." } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Reject request" }));
    expect(await screen.findByText("Rejected: Riya Sen has been e-mailed the reason.")).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
    await waitFor(() => expect(screen.getByTestId("refunds-empty")).toBeTruthy());
    expect(screen.getByTestId("refund-detail").textContent).toMatch(/Reason givenFeedback came after the 48 hours\./);
    expect(callsTo(calls, "POST", "/api/admin/refunds/rf-1/reject/").map((c) => c.body)).toEqual([{ reason: "" }, { reason: "Feedback came after the 48 hours." }]);
  });
});

describe("payouts and the ledger", () => {
  it("shows the ledger's totals, whether the books balance, and each account as debit or credit", async () => {
    mockApi({ "GET /api/admin/ledger/": json(200, LEDGER), "GET /api/admin/payouts/": json(200, []) });
    renderAt("/dashboard/admin?section=payouts", <AdminDashboardPage />);
    const ledger = await screen.findByTestId("ledger-totals");
    await waitFor(() => expect(within(ledger).getByTestId("ledger-captured").textContent).toBe("Money in (payments)₹3,000"));
    expect(within(ledger).getByTestId("ledger-refunded").textContent).toBe("Refunded to learners₹750");
    expect(within(ledger).getByTestId("ledger-paid-out").textContent).toBe("Paid out to mentors₹1,050");
    expect(within(ledger).getByTestId("ledger-held").textContent).toBe("Held now₹1,200");
    expect(within(ledger).getByTestId("ledger-commission").textContent).toBe("Commission earned₹300");
    expect(within(ledger).getByTestId("ledger-balanced").textContent).toBe("The books balance. ₹3,000 in = ₹750 refunded + ₹1,050 paid out + ₹1,200 held.");
    const rows = within(within(ledger).getByTestId("ledger-accounts")).getAllByRole("row").map((r) => r.textContent);
    expect(rows).toEqual([
      "AccountBalance",
      "Held at the gateway and bank₹1,200 Dr",
      "Platform commission₹300 Cr",
      "Owed to mentors₹900 Cr",
      "TDS payable (section 194-O)₹25 Cr",
    ]);
    expect(screen.getByTestId("batches-empty").textContent).toMatch(/No payout batches yet/);
    expect(screen.getByText(/sessions that ended\s+more than 2 days before/)).toBeTruthy();
    expect(skippedHeadingLevels()).toEqual([]);
  });

  it("says in words when the figures and a batch are the sandbox's test money, and names its file so", async () => {
    mockApi({
      "GET /api/admin/ledger/": json(200, { ...LEDGER, sandbox: true }),
      "GET /api/admin/payouts/": json(200, [aBatch({ sandbox: true })]),
      "GET /api/admin/payouts/3/": json(200, { ...aBatch({ sandbox: true }), lines: [aLine()] }),
      "GET /api/admin/payouts/3/export.csv": () => new Response("payout_id\n", { status: 200, headers: { "content-type": "text/csv" } }),
    });
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL: vi.fn(() => "blob:csv-2"), revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    try {
      renderAt("/dashboard/admin?section=payouts&batch=3", <AdminDashboardPage />);
      expect((await screen.findByTestId("ledger-sandbox")).textContent).toMatch(/^Sandbox money\. .*no real money moved\.$/);
      await waitFor(() => expect(screen.getByTestId("batch-row").textContent).toMatch(/Sandbox/));
      const detail = await screen.findByTestId("batch-detail");
      expect((await within(detail).findByTestId("batch-sandbox")).textContent).toMatch(/do not send its file to a bank/);
      fireEvent.click(await within(detail).findByRole("button", { name: "Download CSV" }));
      await waitFor(() => expect(clicked).toEqual(["payout-batch-3-SANDBOX-no-real-money.csv"]));
    } finally {
      click.mockRestore();
    }
  });

  it("shows no sandbox label for real money", async () => {
    mockApi({ "GET /api/admin/ledger/": json(200, LEDGER), "GET /api/admin/payouts/": json(200, [aBatch()]) });
    renderAt("/dashboard/admin?section=payouts", <AdminDashboardPage />);
    await waitFor(() => expect(screen.getAllByTestId("batch-row")).toHaveLength(1));
    expect(screen.queryByTestId("ledger-sandbox")).toBeNull();
    expect(screen.getByTestId("batch-row").textContent).not.toMatch(/Sandbox/);
  });

  it("says plainly when the books do not balance", async () => {
    mockApi({ "GET /api/admin/ledger/": json(200, { ...LEDGER, balanced: false }), "GET /api/admin/payouts/": json(200, []) });
    renderAt("/dashboard/admin?section=payouts", <AdminDashboardPage />);
    expect((await screen.findByTestId("ledger-balanced")).textContent).toMatch(/^The books do not balance\./);
  });

  it("creates a batch, lists who was left out and why, and opens it with its lines (masked details)", async () => {
    let made = false;
    const calls = mockApi({
      "GET /api/admin/ledger/": json(200, LEDGER),
      "GET /api/admin/payouts/": () => json(200, made ? [aBatch()] : []),
      "POST /api/admin/payouts/": () => {
        made = true;
        return json(201, { ...aBatch(), lines: [aLine(), UPI_LINE], skipped: [{ mentor_id: 43, mentor_name: "Meera Iyer", available_paise: 90_000, reason: "no payout details" }] });
      },
      "GET /api/admin/payouts/3/": json(200, { ...aBatch(), lines: [aLine(), UPI_LINE] }),
    });
    const { router } = renderAt("/dashboard/admin?section=payouts", <AdminDashboardPage />);
    await screen.findByTestId("batches-empty");
    fireEvent.click(screen.getByRole("button", { name: "Create payout batch" }));
    expect(await screen.findByText(/^Batch 3 made: 2 mentors, ₹1,525.50\./)).toBeTruthy();
    expect(screen.getByTestId("skipped").textContent).toBe("Left out: Meera Iyer (₹900 available): no payout details");
    const detail = await screen.findByTestId("batch-detail");
    await waitFor(() => expect(within(detail).getAllByTestId("payout-line")).toHaveLength(2));
    expect(router.state.location.search).toBe("?section=payouts&batch=3");
    const [bank, upi] = within(detail).getAllByTestId("payout-line") as [HTMLElement, HTMLElement];
    expect(bank.textContent).toMatch(/A\/c •••• •••• 1234 · HDFC0001234/);
    expect(bank.textContent).toMatch(/₹1,125.50/);
    expect(bank.textContent).toMatch(/MMP-000003-000011/);
    expect(upi.textContent).toMatch(/UPI vi•••@okaxis/);
    // Each line's TDS (section 194-O) beside what is sent, of its sessions' gross.
    expect(within(bank).getByTestId("payout-line-tds").textContent).toBe("—of ₹1,400 gross");
    expect(within(upi).getByTestId("payout-line-tds").textContent).toBe("₹25of ₹500 gross");
    expect(within(detail).getByRole("columnheader", { name: "TDS" })).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId("batch-row")).toHaveLength(1));
    expect(screen.getByTestId("batch-row").textContent).toMatch(/Batch 3 ₹1,525.50.*2 to pay/);
    expect(callsTo(calls, "POST", "/api/admin/payouts/").map((c) => c.body)).toEqual([{}]);
    // The totals are read again: the batch moved money into transit.
    expect(callsTo(calls, "GET", "/api/admin/ledger/")).toHaveLength(2);
    expect(skippedHeadingLevels()).toEqual([]);
  });

  it("pays what was available by the end of an earlier day chosen; today means now", async () => {
    const calls = mockApi({
      "GET /api/admin/ledger/": json(200, LEDGER),
      "GET /api/admin/payouts/": json(200, []),
      "POST /api/admin/payouts/": json(409, { detail: "Nothing is available to pay out right now." }),
    });
    renderAt("/dashboard/admin?section=payouts", <AdminDashboardPage />);
    await screen.findByTestId("batches-empty");
    const until = screen.getByLabelText("Pay what was available by") as HTMLInputElement;
    expect(until.value).toBe(dayOf(new Date()));
    expect(until.max).toBe(dayOf(new Date()));
    fireEvent.click(screen.getByRole("button", { name: "Create payout batch" }));
    await screen.findByText("Nothing is available to pay out right now.");
    fireEvent.change(until, { target: { value: "2026-11-20" } });
    fireEvent.click(screen.getByRole("button", { name: "Create payout batch" }));
    await waitFor(() => expect(callsTo(calls, "POST", "/api/admin/payouts/")).toHaveLength(2));
    expect(callsTo(calls, "POST", "/api/admin/payouts/").map((c) => c.body)).toEqual([{}, { period_end: new Date(2026, 10, 21, 0, 0, 0, -1).toISOString() }]);
  });

  it("a period end is the last moment of the day chosen, and nothing for today or later", () => {
    expect(periodEndOf("2026-11-24", "2026-11-24")).toBeUndefined();
    expect(periodEndOf("2026-11-25", "2026-11-24")).toBeUndefined();
    expect(periodEndOf("", "2026-11-24")).toBeUndefined();
    expect(periodEndOf("2026-02-28", "2026-11-24")).toBe(new Date(2026, 2, 1, 0, 0, 0, -1).toISOString());
    expect(periodEndOf("2026-12-31", "2027-01-05")).toBe(new Date(2027, 0, 1, 0, 0, 0, -1).toISOString());
  });

  it("says why no batch was made (409)", async () => {
    mockApi({
      "GET /api/admin/ledger/": json(200, LEDGER),
      "GET /api/admin/payouts/": json(200, []),
      "POST /api/admin/payouts/": json(409, { detail: "Nothing is available to pay out right now." }),
    });
    renderAt("/dashboard/admin?section=payouts", <AdminDashboardPage />);
    await screen.findByTestId("batches-empty");
    fireEvent.click(screen.getByRole("button", { name: "Create payout batch" }));
    expect(await screen.findByText("Nothing is available to pay out right now.")).toBeTruthy();
    expect(screen.queryByTestId("batch-detail")).toBeNull();
  });

  it("marks a line paid, and another failed with a reason (which returns it to the mentor's available balance)", async () => {
    const calls = mockApi({
      "GET /api/admin/ledger/": json(200, LEDGER),
      "GET /api/admin/payouts/": json(200, [aBatch()]),
      "GET /api/admin/payouts/3/": json(200, { ...aBatch(), lines: [aLine(), UPI_LINE] }),
      "POST /api/admin/payouts/3/lines/11/paid/": json(200, aLine({ status: "paid", paid_at: "2026-11-24T10:00:00Z" })),
      "POST /api/admin/payouts/3/lines/12/failed/": (call) => {
        const reason = (call.body as { reason: string }).reason;
        return reason === "" ? json(400, { reason: ["Say what went wrong."] }) : json(200, { ...UPI_LINE, status: "failed", failure_reason: reason });
      },
    });
    renderAt("/dashboard/admin?section=payouts&batch=3", <AdminDashboardPage />);
    const detail = await screen.findByTestId("batch-detail");
    await waitFor(() => expect(within(detail).getAllByTestId("payout-line")).toHaveLength(2));
    fireEvent.click(within(detail).getByRole("button", { name: "Mark the payout to Asha Rao as paid" }));
    expect(await within(detail).findByText("Marked paid: ₹1,125.50 to Asha Rao. They have been e-mailed.")).toBeTruthy();
    const [bank] = within(detail).getAllByTestId("payout-line") as [HTMLElement];
    expect(bank.getAttribute("data-status")).toBe("paid");
    expect(within(bank).queryByRole("button")).toBeNull();

    fireEvent.click(within(detail).getByRole("button", { name: "Mark the payout to Vikram Shah as failed" }));
    const dialog = await screen.findByRole("dialog", { name: "Mark the payout to Vikram Shah as failed?" });
    expect(dialog.textContent).toMatch(/₹400 goes back to the mentor’s available balance/);
    fireEvent.click(within(dialog).getByRole("button", { name: "Mark as failed" }));
    expect(await within(dialog).findByText("Say what went wrong.")).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText("What went wrong (sent to the mentor)"), { target: { value: "UPI id no longer active" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Mark as failed" }));
    expect(await within(detail).findByText("Marked failed: ₹400 is back in Vikram Shah’s available balance.")).toBeTruthy();
    const upi = within(detail).getAllByTestId("payout-line")[1] as HTMLElement;
    expect(upi.getAttribute("data-status")).toBe("failed");
    expect(upi.textContent).toMatch(/FailedUPI id no longer active/);
    expect(callsTo(calls, "POST", "/api/admin/payouts/3/lines/11/paid/").map((c) => c.body)).toEqual([undefined]);
    expect(callsTo(calls, "POST", "/api/admin/payouts/3/lines/12/failed/").map((c) => c.body)).toEqual([{ reason: "" }, { reason: "UPI id no longer active" }]);
    // The totals are read again after each mark (once the answer is shown, not before it).
    await waitFor(() => expect(callsTo(calls, "GET", "/api/admin/ledger/").length).toBeGreaterThanOrEqual(3));
  });

  it("a line already settled elsewhere (409) says so", async () => {
    mockApi({
      "GET /api/admin/ledger/": json(200, LEDGER),
      "GET /api/admin/payouts/": json(200, [aBatch()]),
      "GET /api/admin/payouts/3/": json(200, { ...aBatch(), lines: [aLine()] }),
      "POST /api/admin/payouts/3/lines/11/paid/": json(409, { detail: "This line is already paid." }),
    });
    renderAt("/dashboard/admin?section=payouts&batch=3", <AdminDashboardPage />);
    const detail = await screen.findByTestId("batch-detail");
    fireEvent.click(await within(detail).findByRole("button", { name: "Mark the payout to Asha Rao as paid" }));
    expect(await within(detail).findByText("This line is already paid.")).toBeTruthy();
  });

  it("downloads the batch's CSV with the admin's token, as a file", async () => {
    const CSV = "payout_id,mentor_id,beneficiary_name,account_number,upi_id,ifsc,amount_rupees,reference\n3,41,Asha Rao,50100012341234,,HDFC0001234,1125.50,MMP-000003-000011\n";
    const calls = mockApi({
      "GET /api/admin/ledger/": json(200, LEDGER),
      "GET /api/admin/payouts/": json(200, [aBatch()]),
      "GET /api/admin/payouts/3/": json(200, { ...aBatch(), lines: [aLine()] }),
      "GET /api/admin/payouts/3/export.csv": () => new Response(CSV, { status: 200, headers: { "content-type": "text/csv" } }),
    });
    const blobs: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return "blob:csv-1";
    });
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: { href: string; download: string }[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
    try {
      renderAt("/dashboard/admin?section=payouts&batch=3", <AdminDashboardPage />);
      const detail = await screen.findByTestId("batch-detail");
      fireEvent.click(await within(detail).findByRole("button", { name: "Download CSV" }));
      await waitFor(() => expect(clicked).toHaveLength(1));
      expect(clicked[0]).toEqual({ href: "blob:csv-1", download: "payout-batch-3.csv" });
      expect(await blobs[0]?.text()).toBe(CSV);
      const asked = callsTo(calls, "GET", "/api/admin/payouts/3/export.csv");
      expect(asked).toHaveLength(1);
      expect(asked[0]?.headers.get("Authorization")).toBe("Bearer access-1");
    } finally {
      click.mockRestore();
    }
  });
});

describe("reconciliation: the books against the gateway", () => {
  function aReport(overrides: Record<string, unknown> = {}) {
    return {
      gateway: "razorpay",
      from: "2026-10-24T18:30:00Z",
      to: "2026-11-24T10:00:00Z",
      checked: true,
      matched_payments: 3,
      matched_refunds: 1,
      matched_disputes: 0,
      mismatches: [],
      ...overrides,
    };
  }

  function payouts(extra: Parameters<typeof mockApi>[0]) {
    return mockApi({ "GET /api/admin/ledger/": json(200, LEDGER), "GET /api/admin/payouts/": json(200, []), ...extra });
  }

  const asked = (calls: ReturnType<typeof mockApi>) =>
    callsTo(calls, "GET", "/api/admin/reconciliation/").map((c) => Object.fromEntries(new URL(c.url, "http://localhost").searchParams));

  it("asks only when Check is pressed, for the last 30 days by default; the sandbox has nothing to reconcile", async () => {
    const calls = payouts({ "GET /api/admin/reconciliation/": json(200, aReport({ gateway: "sandbox", checked: false, matched_payments: 0, matched_refunds: 0 })) });
    renderAt("/dashboard/admin?section=payouts", <AdminDashboardPage />);
    const panel = await screen.findByTestId("reconciliation");
    expect(within(panel).getByRole("heading", { level: 2 }).textContent).toBe("Reconciliation");
    expect((within(panel).getByLabelText("From") as HTMLInputElement).value).toBe(dayOf(new Date(2026, 10, 24 - 30)));
    expect((within(panel).getByLabelText("To") as HTMLInputElement).value).toBe(dayOf(new Date()));
    await screen.findByTestId("batches-empty");
    expect(asked(calls)).toEqual([]);
    fireEvent.click(within(panel).getByRole("button", { name: "Check" }));
    const result = await within(panel).findByTestId("recon-result");
    expect(result.textContent).toBe("The sandbox keeps no books of its own: nothing to reconcile.");
    expect(result.getAttribute("role")).toBe("status");
    expect(within(panel).queryByRole("table")).toBeNull();
    // From the start of the first day in this browser's zone; to now (the end of today has not come yet).
    expect(asked(calls)).toEqual([{ from: new Date(2026, 9, 25).toISOString(), to: "2026-11-24T10:00:00.000Z" }]);
    expect(callsTo(calls, "GET", "/api/admin/reconciliation/")[0]?.headers.get("Authorization")).toBe("Bearer access-1");
    expect(skippedHeadingLevels()).toEqual([]);
  });

  it("says the books match, with what was matched, for the period chosen (sent as from and to)", async () => {
    const calls = payouts({ "GET /api/admin/reconciliation/": json(200, aReport({ from: "2026-10-31T18:30:00Z", to: "2026-11-20T18:29:59.999Z" })) });
    renderAt("/dashboard/admin?section=payouts", <AdminDashboardPage />);
    const panel = await screen.findByTestId("reconciliation");
    fireEvent.change(within(panel).getByLabelText("From"), { target: { value: "2026-11-01" } });
    fireEvent.change(within(panel).getByLabelText("To"), { target: { value: "2026-11-20" } });
    fireEvent.click(within(panel).getByRole("button", { name: "Check" }));
    const result = await within(panel).findByTestId("recon-result");
    expect(result.textContent).toBe("The books match Razorpay: 3 payments, 1 refund, 0 disputes.");
    expect(result.className).toContain("is-balanced");
    // The period as the server read it, in the viewer's zone.
    const period = within(panel).getByTestId("recon-period");
    expect(period.querySelectorAll("time")[0]?.getAttribute("dateTime")).toBe("2026-10-31T18:30:00Z");
    expect(period.textContent).toMatch(/^Payments made from .+ to .+/);
    expect(asked(calls)).toEqual([{ from: new Date(2026, 10, 1).toISOString(), to: new Date(2026, 10, 21, 0, 0, 0, -1).toISOString() }]);
  });

  it("lists each mismatch in plain words: the kind, the gateway's id, the booking, both amounts and both statuses", async () => {
    payouts({
      "GET /api/admin/reconciliation/": json(
        200,
        aReport({
          matched_payments: 2,
          mismatches: [
            { kind: "payment", difference: "missing_in_books", gateway_id: "pay_GW0001", booking_id: null, gateway_amount_paise: 150_000, books_amount_paise: null, gateway_status: "captured", books_status: null },
            { kind: "refund", difference: "missing_at_gateway", gateway_id: "rfnd_GW0002", booking_id: "bk-2", gateway_amount_paise: null, books_amount_paise: 75_000, gateway_status: null, books_status: "processed" },
            { kind: "payment", difference: "amount_differs", gateway_id: "pay_GW0003", booking_id: "bk-3", gateway_amount_paise: 150_000, books_amount_paise: 120_050, gateway_status: "captured", books_status: "captured" },
            { kind: "dispute", difference: "status_differs", gateway_id: "disp_GW0004", booking_id: "bk-4", gateway_amount_paise: 50_000, books_amount_paise: 50_000, gateway_status: "lost", books_status: "under_review" },
          ],
        }),
      ),
    });
    renderAt("/dashboard/admin?section=payouts", <AdminDashboardPage />);
    const panel = await screen.findByTestId("reconciliation");
    fireEvent.click(within(panel).getByRole("button", { name: "Check" }));
    const result = await within(panel).findByTestId("recon-result");
    expect(result.textContent).toBe("The books and Razorpay disagree on 4 items. Matched: 2 payments, 1 refund, 0 disputes.");
    expect(result.className).toContain("is-unbalanced");
    const table = within(panel).getByTestId("recon-mismatches");
    expect(within(table).getAllByRole("columnheader").map((h) => h.textContent)).toEqual(["What differs", "Kind", "Razorpay id", "Booking", "At Razorpay", "In our books"]);
    const rows = within(table).getAllByTestId("recon-mismatch");
    expect(rows.map((r) => Array.from(r.children).map((c) => c.textContent))).toEqual([
      ["At Razorpay, not in our books", "Payment", "pay_GW0001", "—None", "₹1,500captured", "—Nothing"],
      ["In our books, not at Razorpay", "Refund", "rfnd_GW0002", "bk-2", "—Nothing", "₹750processed"],
      ["Amounts differ", "Payment", "pay_GW0003", "bk-3", "₹1,500captured", "₹1,200.50captured"],
      ["Statuses differ", "Dispute", "disp_GW0004", "bk-4", "₹500lost", "₹500under_review"],
    ]);
    const [missing, , differs] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(missing).getByRole("rowheader").className).toContain("am-mono");
    expect(within(missing).queryByRole("link")).toBeNull();
    expect(within(differs).getByRole("link", { name: "bk-3" }).getAttribute("href")).toBe("/my-bookings/bk-3");
    expect(table.querySelector("caption")?.textContent).toMatch(/^What the books and Razorpay do not agree on/);
    expect(skippedHeadingLevels()).toEqual([]);
  });

  it("the gateway not answering (503): the server's words, and Try again asks again", async () => {
    let tries = 0;
    const calls = payouts({
      "GET /api/admin/reconciliation/": () =>
        tries++ === 0 ? json(503, { detail: "The payment gateway is not answering. Please try again in a minute." }) : json(200, aReport()),
    });
    renderAt("/dashboard/admin?section=payouts", <AdminDashboardPage />);
    const panel = await screen.findByTestId("reconciliation");
    fireEvent.change(within(panel).getByLabelText("From"), { target: { value: "2026-11-10" } });
    fireEvent.click(within(panel).getByRole("button", { name: "Check" }));
    const error = await within(panel).findByTestId("recon-error");
    expect(within(error).getByRole("alert").textContent).toBe("The payment gateway is not answering. Please try again in a minute.");
    expect(within(panel).queryByTestId("recon-result")).toBeNull();
    fireEvent.click(within(error).getByRole("button", { name: "Try again" }));
    expect((await within(panel).findByTestId("recon-result")).textContent).toBe("The books match Razorpay: 3 payments, 1 refund, 0 disputes.");
    expect(within(panel).queryByTestId("recon-error")).toBeNull();
    // The same period both times.
    const periods = asked(calls);
    expect(periods).toHaveLength(2);
    expect(periods[1]).toEqual(periods[0]);
    expect(periods[0]?.["from"]).toBe(new Date(2026, 10, 10).toISOString());
  });

  it("a period that ends before it starts is not sent; the server's field errors show on their field", async () => {
    const calls = payouts({ "GET /api/admin/reconciliation/": json(400, { from: ["The period must start before it ends."] }) });
    renderAt("/dashboard/admin?section=payouts", <AdminDashboardPage />);
    const panel = await screen.findByTestId("reconciliation");
    const from = within(panel).getByLabelText("From");
    fireEvent.change(from, { target: { value: "2026-11-22" } });
    fireEvent.change(within(panel).getByLabelText("To"), { target: { value: "2026-11-20" } });
    fireEvent.click(within(panel).getByRole("button", { name: "Check" }));
    expect(await within(panel).findByText("The period must start before it ends.")).toBeTruthy();
    expect(from.getAttribute("aria-invalid")).toBe("true");
    expect(asked(calls)).toEqual([]);

    fireEvent.change(from, { target: { value: "2026-11-01" } });
    fireEvent.click(within(panel).getByRole("button", { name: "Check" }));
    await waitFor(() => expect(asked(calls)).toHaveLength(1));
    expect(await within(panel).findByText("The period must start before it ends.")).toBeTruthy();
    expect(from.getAttribute("aria-invalid")).toBe("true");
  });
});
