/**
 * The mentor's Earnings tab: the totals and the next payout in the mentor's
 * zone, each session's share and each payout, the chart drawn on demand
 * with its table alternative (and the table when it can't be drawn), the
 * payout details shown masked, given, changed and refused in the server's
 * words, and the empty and failed states.
 *
 * The chart's own module (uPlot) is replaced here: happy-dom has no canvas.
 * `earningsPlot.test.ts` checks what it hands to uPlot.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { aUser, callsTo, json, logIn, mockApi, renderScreen, resetAuth, skippedHeadingLevels, useFakeClock, type Handler } from "../../testing";
import { checkPan, checkPayoutDetails, refundRules } from "../../lib/domain";
import { amountLabel, compactAmountLabel } from "../../lib/money";
import type { Earnings, PayoutDetails } from "./earningsApi";
import { momentLabel, monthLabel } from "../../lib/time";
import { chartSummary } from "./EarningsChart";
import { recentYears } from "./EarningsSection";
import { aProfile, aService, anAvailability } from "./fixtures.test-util";
import MentorDashboardPage from "./MentorDashboardPage";
import { bodyOf, checkedBody } from "./PayoutDetailsForm";

const plot = vi.hoisted(() => ({
  draw: vi.fn((_el: HTMLElement, _series: readonly unknown[], _width: number) => ({ resize: vi.fn(), destroy: vi.fn() })),
}));

vi.mock("./earningsPlot", () => ({ drawEarnings: plot.draw, PLOT_HEIGHT: 240 }));

function anEarnings(overrides: Partial<Earnings> = {}): Earnings {
  return {
    pending_paise: 212_500,
    available_paise: 425_000,
    owed_paise: 0,
    in_payout_paise: 0,
    paid_paise: 850_050,
    schedule: "weekly",
    // Monday 30 November 2026, 00:00 in India.
    next_payout_at: "2026-11-29T18:30:00Z",
    sessions: [
      {
        booking_id: "bk-new",
        service_title: "Career strategy call",
        end_at: "2026-11-23T05:30:00Z",
        gross_paise: 250_000,
        commission_paise: 37_500,
        net_paise: 212_500,
        state: "pending",
        available_at: "2026-11-25T05:30:00Z",
        tds_paise: null,
      },
      {
        booking_id: "bk-old",
        service_title: "Mock interview",
        end_at: "2026-11-10T05:30:00Z",
        gross_paise: 500_000,
        commission_paise: 75_000,
        net_paise: 425_000,
        state: "available",
        available_at: "2026-11-12T05:30:00Z",
        tds_paise: null,
      },
    ],
    series: [
      { month: "2026-10", earned_paise: 850_050, paid_paise: 0 },
      { month: "2026-11", earned_paise: 637_500, paid_paise: 850_050 },
    ],
    tds_year_paise: 0,
    financial_year: "2026-27",
    payouts: [
      {
        id: 34,
        batch_id: 12,
        amount_paise: 850_050,
        gross_paise: 1_000_000,
        tds_paise: 0,
        status: "paid",
        reference: "MMP-000012-000034",
        paid_at: "2026-11-03T06:00:00Z",
        failed_at: null,
        failure_reason: null,
        created_at: "2026-11-02T04:00:00Z",
      },
      {
        id: 40,
        batch_id: 14,
        amount_paise: 10_000,
        gross_paise: 12_500,
        tds_paise: 0,
        status: "failed",
        reference: "MMP-000014-000040",
        paid_at: null,
        failed_at: "2026-11-17T06:00:00Z",
        failure_reason: "The bank refused the account number",
        created_at: "2026-11-16T04:00:00Z",
      },
    ],
    ...overrides,
  };
}

function someDetails(overrides: Partial<PayoutDetails> = {}): PayoutDetails {
  return {
    method: "bank",
    beneficiary_name: "Asha Rao",
    account_number_masked: "•••• •••• 1234",
    ifsc: "HDFC0001234",
    upi_id_masked: null,
    schedule: "weekly",
    updated_at: "2026-11-01T10:00:00Z",
    pan_masked: "••••••234F",
    pending: null,
    ...overrides,
  };
}

function handlers(extra: Record<string, Handler | Response> = {}, zone = "Asia/Kolkata") {
  return mockApi({
    "GET /api/mentor/profile/": json(200, aProfile()),
    "GET /api/mentor/services/": json(200, [aService()]),
    "GET /api/mentor/availability/": json(200, anAvailability({ time_zone: zone })),
    "GET /api/bookings/": json(200, []),
    "GET /api/mentor/earnings/": json(200, anEarnings()),
    "GET /api/mentor/payout-details/": json(200, someDetails()),
    ...extra,
  });
}

function openEarnings() {
  return renderScreen("/dashboard/mentor?tab=earnings", [{ path: "/dashboard/mentor", element: <MentorDashboardPage /> }]);
}

beforeEach(() => {
  resetAuth();
  logIn(aUser({ role: "mentor", mentor_id: 3 }));
  plot.draw.mockClear();
  plot.draw.mockImplementation(() => ({ resize: vi.fn(), destroy: vi.fn() }));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  resetAuth();
});

describe("the earnings tab", () => {
  it("is a tab of the dashboard that shows the totals and the next payout in the mentor’s time zone", async () => {
    const calls = handlers();
    openEarnings();
    expect(screen.getByRole("tab", { name: "Earnings", selected: true })).toBeTruthy();
    const available = within(await screen.findByTestId("earn-available"));
    expect(available.getByText(amountLabel(425_000))).toBeTruthy();
    expect(amountLabel(425_000)).toBe("₹4,250");
    // 18:30 UTC on Sunday is midnight on Monday in Kolkata: the date alone.
    await waitFor(() => expect(screen.getByTestId("next-payout").textContent).toMatch(/^Next payout \(weekly\): Mon.*30.*2026$/));
    const pending = within(screen.getByTestId("earn-pending"));
    expect(pending.getByText("₹2,125")).toBeTruthy();
    // The hold is the crate's published figure.
    expect(pending.getByText(`Each session’s share is released for payout ${refundRules().payoutHoldDays} days after it ends.`)).toBeTruthy();
    expect(within(screen.getByTestId("earn-paid")).getByText("₹8,500.50")).toBeTruthy();
    expect(screen.queryByTestId("earn-owed")).toBeNull();
    expect(screen.queryByTestId("earn-in-payout")).toBeNull();
    expect(screen.getByText(/Times are in your time zone \(Asia\/Kolkata\)/)).toBeTruthy();
    expect(callsTo(calls, "GET", "/api/mentor/earnings/")).toHaveLength(1);
    expect(callsTo(calls, "GET", "/api/mentor/earnings/")[0]?.headers.get("Authorization")).toBe("Bearer access-1");
    expect(skippedHeadingLevels()).toEqual([]);
  });

  it("tells a session in a payout on its way from one whose payout is paid", async () => {
    const [first, second] = anEarnings().sessions;
    handlers({
      "GET /api/mentor/earnings/": json(
        200,
        anEarnings({ sessions: [{ ...first!, state: "in_payout" }, { ...second!, state: "paid" }], in_payout_paise: 212_500 }),
      ),
    });
    openEarnings();
    const rows = await screen.findAllByTestId("earn-session");
    expect(within(rows[0] as HTMLElement).getByText("In payout")).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText("Paid")).toBeTruthy();
  });

  it("says a session held by an open refund request or report is on hold until settled, not pending until a date", async () => {
    const [first] = anEarnings().sessions;
    handlers({ "GET /api/mentor/earnings/": json(200, anEarnings({ sessions: [{ ...first!, state: "held" }] })) });
    openEarnings();
    const [row] = await screen.findAllByTestId("earn-session");
    const pill = within(row as HTMLElement).getByText("On hold");
    expect(pill.textContent).toBe("On hold until settled");
    expect(within(row as HTMLElement).queryByText(/^Pending/)).toBeNull();
  });

  it("shows a cancelled future session as cancelled with its outcome, never as ended or pending (issue 21)", async () => {
    const [first] = anEarnings().sessions;
    const refunded = { ...first!, state: "cancelled" as const, net_paise: 0, commission_paise: 0 };
    const kept = { ...first!, booking_id: "bk-late", state: "cancelled" as const };
    handlers({ "GET /api/mentor/earnings/": json(200, anEarnings({ sessions: [refunded, kept] })) });
    openEarnings();
    const [row, keptRow] = (await screen.findAllByTestId("earn-session")) as HTMLElement[];
    expect(within(row!).getByText(/^Cancelled/).textContent).toBe("Cancelled · learner refunded");
    expect(within(row!).queryByText(/^Pending/)).toBeNull();
    expect(row!.querySelector('[data-label="Ended"]')).toBeNull();
    expect(row!.querySelector('[data-label="Was to end"]')?.textContent).toContain("(cancelled)");
    expect(within(keptRow!).getByText(/^Cancelled/).textContent).toBe("Cancelled · you keep ₹2,125");
  });

  it("lists each session’s price, commission, share and when it is released, and each payout with a failure’s reason", async () => {
    handlers();
    openEarnings();
    const rows = await screen.findAllByTestId("earn-session");
    expect(rows).toHaveLength(2);
    const pending = within(rows[0] as HTMLElement);
    expect(pending.getByRole("link", { name: "Career strategy call" }).getAttribute("href")).toBe("/my-bookings/bk-new");
    expect(pending.getByText("₹2,500")).toBeTruthy();
    expect(pending.getByText("−₹375")).toBeTruthy();
    expect(pending.getByText("₹2,125")).toBeTruthy();
    expect(pending.getByText(/^Pending/).textContent).toMatch(/^Pending until Wed.*25.*2026$/);
    expect(within(rows[1] as HTMLElement).getByText("Available")).toBeTruthy();

    const payouts = await screen.findAllByTestId("earn-payout");
    expect(payouts).toHaveLength(2);
    const paid = within(payouts[0] as HTMLElement);
    expect(paid.getByText("MMP-000012-000034")).toBeTruthy();
    expect(paid.getByText("₹8,500.50")).toBeTruthy();
    expect(paid.getByText(/^Paid on Tue.*3.*2026$/)).toBeTruthy();
    const failed = within(payouts[1] as HTMLElement);
    expect(failed.getByText("Failed")).toBeTruthy();
    expect(failed.getByText(/The bank refused the account number\. The amount is back in your available balance/)).toBeTruthy();
  });

  it("shows what is owed back after a refund and what is in a payout", async () => {
    handlers({ "GET /api/mentor/earnings/": json(200, anEarnings({ owed_paise: 50_000, in_payout_paise: 100_000, available_paise: 0 })) });
    openEarnings();
    const owed = within(await screen.findByTestId("earn-owed"));
    expect(owed.getByText("₹500")).toBeTruthy();
    expect(owed.getByText(/taken from your next payout/)).toBeTruthy();
    expect(within(screen.getByTestId("earn-in-payout")).getByText("₹1,000")).toBeTruthy();
    expect(within(screen.getByTestId("earn-available")).getByText("₹0")).toBeTruthy();
  });

  it("draws the months’ chart on demand, described in words, with the figures as a table", async () => {
    handlers();
    openEarnings();
    const chart = await screen.findByRole("img", { name: /^Bar chart of your earnings by month, October 2026 to November 2026/ });
    await waitFor(() => expect(chart.getAttribute("data-drawing")).toBe("ready"));
    expect(plot.draw).toHaveBeenCalledTimes(1);
    expect(plot.draw.mock.calls[0]?.[1]).toEqual(anEarnings().series);
    expect(chart.getAttribute("aria-busy")).toBe("false");
    const table = within(screen.getByTestId("chart-table"));
    const cells = table.getAllByRole("row").map((r) => Array.from(r.children, (c) => c.textContent));
    expect(cells).toEqual([
      ["Month", "Earned", "Paid out"],
      [monthLabel("2026-10", "long"), "₹8,500.50", "₹0"],
      [monthLabel("2026-11", "long"), "₹6,375", "₹8,500.50"],
    ]);
    // The table is there for everyone, behind a disclosure, while the chart is drawn.
    expect(screen.getByText("Show the figures as a table").closest("details")?.open).toBe(false);
  });

  it("opens the table when the chart can’t be drawn", async () => {
    plot.draw.mockImplementation(() => {
      throw new Error("no canvas");
    });
    handlers();
    openEarnings();
    expect(await screen.findByText(/We couldn’t draw the chart just now/)).toBeTruthy();
    expect(screen.getByText("Show the figures as a table").closest("details")?.open).toBe(true);
    expect(screen.getByTestId("earnings-plot").getAttribute("data-drawing")).toBe("failed");
  });

  it("says what comes when nothing is earned yet, without fetching the chart", async () => {
    handlers({
      "GET /api/mentor/earnings/": json(200, anEarnings({ pending_paise: 0, available_paise: 0, paid_paise: 0, sessions: [], series: [], payouts: [] })),
      "GET /api/mentor/payout-details/": json(404, { detail: "No payout details yet." }),
    });
    openEarnings();
    expect(await screen.findByTestId("chart-empty")).toBeTruthy();
    expect(screen.getByTestId("sessions-empty")).toBeTruthy();
    expect(screen.getByTestId("payouts-empty")).toBeTruthy();
    expect(plot.draw).not.toHaveBeenCalled();
    expect(screen.queryByRole("img")).toBeNull();
    expect(await screen.findByText(/Until you do, your available earnings wait here/)).toBeTruthy();
  });

  it("offers to try again when the earnings can’t be loaded", async () => {
    let attempts = 0;
    const calls = handlers({ "GET /api/mentor/earnings/": () => (++attempts === 1 ? json(500, { detail: "boom" }) : json(200, anEarnings())) });
    openEarnings();
    const failed = within(await screen.findByTestId("section-failed"));
    fireEvent.click(failed.getByRole("button", { name: "Try again" }));
    expect(await screen.findByTestId("earn-available")).toBeTruthy();
    expect(callsTo(calls, "GET", "/api/mentor/earnings/")).toHaveLength(2);
  });
});

describe("payout details", () => {
  it("shows the details on file masked", async () => {
    handlers();
    openEarnings();
    const details = within(await screen.findByTestId("payout-details"));
    expect(details.getByText("Asha Rao")).toBeTruthy();
    expect(details.getByText("•••• •••• 1234")).toBeTruthy();
    expect(details.getByText("HDFC0001234")).toBeTruthy();
    expect(details.getByText("Weekly")).toBeTruthy();
    expect(screen.queryByTestId("payout-form")).toBeNull();
  });

  it("asks for details when there are none and checks them with the crate’s rule before sending", async () => {
    const calls = handlers({ "GET /api/mentor/payout-details/": json(404, { detail: "No payout details yet." }) });
    openEarnings();
    expect(await screen.findByText(/Until you do, your available earnings wait here/)).toBeTruthy();
    const form = within(await screen.findByTestId("payout-form"));
    expect(form.queryByRole("button", { name: "Cancel" })).toBeNull();
    expect((form.getByRole("radio", { name: "Bank account" }) as HTMLInputElement).checked).toBe(true);
    expect((form.getByRole("radio", { name: /Weekly/ }) as HTMLInputElement).checked).toBe(true);
    fireEvent.change(form.getByLabelText("Account holder’s name"), { target: { value: "Asha Rao" } });
    fireEvent.change(form.getByLabelText("Account number"), { target: { value: "1234 5678" } });
    fireEvent.change(form.getByLabelText("IFSC"), { target: { value: "sbin1234" } });
    fireEvent.click(form.getByRole("button", { name: "Save payout details" }));

    const check = checkPayoutDetails({ method: "bank", beneficiary_name: "Asha Rao", account_number: "12345678", ifsc: "SBIN1234", upi_id: null, schedule: "weekly" });
    if (check.type !== "invalid") throw new Error("the crate should refuse these details");
    const messages = Object.fromEntries(check.errors.map((e) => [e.field, e.message]));
    expect(Object.keys(messages).sort()).toEqual(["account_number", "ifsc"]);
    const ifsc = form.getByLabelText("IFSC");
    await waitFor(() => expect(ifsc.getAttribute("aria-invalid")).toBe("true"));
    expect(document.getElementById(ifsc.getAttribute("aria-describedby")?.split(" ")[0] ?? "")?.textContent).toBe(messages["ifsc"]);
    expect(form.getByText(messages["account_number"] ?? "?")).toBeTruthy();
    expect(form.getByRole("alert").textContent).toContain("Please fix the errors above.");
    expect(callsTo(calls, "PUT", "/api/mentor/payout-details/")).toHaveLength(0);
    // Typing in a field clears its error.
    fireEvent.change(form.getByLabelText("IFSC"), { target: { value: "sbin0001234" } });
    expect(form.queryByText(messages["ifsc"] ?? "?")).toBeNull();
  });

  it("shows what the server refuses beside its field, then saves and shows the details masked", async () => {
    let puts = 0;
    const calls = handlers({
      "GET /api/mentor/payout-details/": json(404, { detail: "No payout details yet." }),
      "PUT /api/mentor/payout-details/": () =>
        ++puts === 1
          ? json(400, { account_number: ["This account number can’t receive payouts."] })
          : json(200, someDetails({ account_number_masked: "•••• •••• 6789", ifsc: "SBIN0001234", updated_at: "2026-11-24T12:00:00Z" })),
    });
    openEarnings();
    const form = within(await screen.findByTestId("payout-form"));
    fireEvent.change(form.getByLabelText("Account holder’s name"), { target: { value: " Asha Rao " } });
    fireEvent.change(form.getByLabelText("Account number"), { target: { value: "1234 5678 9" } });
    fireEvent.change(form.getByLabelText("IFSC"), { target: { value: "sbin0001234" } });
    fireEvent.change(form.getByLabelText("Your password"), { target: { value: "Mentor#Pass2026" } });
    fireEvent.click(form.getByRole("button", { name: "Save payout details" }));

    expect(await form.findByText("This account number can’t receive payouts.")).toBeTruthy();
    expect(form.getByLabelText("Account number").getAttribute("aria-invalid")).toBe("true");
    expect(form.getByRole("alert").textContent).toContain("Please fix the errors above.");
    expect(callsTo(calls, "PUT", "/api/mentor/payout-details/")[0]?.body).toEqual({
      method: "bank",
      beneficiary_name: "Asha Rao",
      account_number: "123456789",
      ifsc: "SBIN0001234",
      upi_id: null,
      schedule: "weekly",
      pan: null,
      password: "Mentor#Pass2026",
    });

    fireEvent.change(form.getByLabelText("Account number"), { target: { value: "9876 5432 1" } });
    fireEvent.click(form.getByRole("button", { name: "Save payout details" }));
    expect(await screen.findByText("Payout details saved. Your next payout goes to them.")).toBeTruthy();
    expect(callsTo(calls, "PUT", "/api/mentor/payout-details/")[1]?.body).toMatchObject({ account_number: "987654321" });
    const details = within(screen.getByTestId("payout-details"));
    expect(details.getByText("•••• •••• 6789")).toBeTruthy();
    expect(screen.queryByTestId("payout-form")).toBeNull();
    expect(screen.queryByText(/Until you do, your available earnings wait here/)).toBeNull();
    // Same schedule as the earnings answer: the figures are not read again.
    expect(callsTo(calls, "GET", "/api/mentor/earnings/")).toHaveLength(1);
  });

  it("says when the next payout run would be on each schedule, in the mentor’s zone", async () => {
    useFakeClock({ now: new Date("2026-11-24T12:00:00Z") });
    handlers({ "GET /api/mentor/payout-details/": json(404, { detail: "No payout details yet." }) });
    openEarnings();
    const next = await screen.findByTestId("schedule-next");
    // Monday 30 November, midnight in India.
    expect(next.textContent).toMatch(/^On this schedule, the next payout run is Mon.*30.*2026\.$/);
    fireEvent.click(screen.getByRole("radio", { name: /Monthly/ }));
    expect(screen.getByTestId("schedule-next").textContent).toMatch(/^On this schedule, the next payout run is Tue.*1.*2026\.$/);
  });

  it("changes to UPI and a monthly schedule, and reads the figures again for the new payout date", async () => {
    let schedule = "weekly";
    const calls = handlers({
      "GET /api/mentor/earnings/": () => json(200, anEarnings({ schedule: schedule as "weekly", next_payout_at: schedule === "monthly" ? "2026-11-30T18:30:00Z" : "2026-11-29T18:30:00Z" })),
      "PUT /api/mentor/payout-details/": () => {
        schedule = "monthly";
        return json(200, someDetails({ method: "upi", account_number_masked: null, ifsc: null, upi_id_masked: "as•••@okaxis", schedule: "monthly" }));
      },
    });
    openEarnings();
    fireEvent.click(await screen.findByRole("button", { name: "Edit payout details" }));
    const form = within(screen.getByTestId("payout-form"));
    expect((form.getByLabelText("Account holder’s name") as HTMLInputElement).value).toBe("Asha Rao");
    expect(form.getByText(/On file: •••• •••• 1234\. Type the full number/)).toBeTruthy();
    fireEvent.click(form.getByRole("radio", { name: "UPI" }));
    expect(form.queryByLabelText("IFSC")).toBeNull();
    fireEvent.change(form.getByLabelText("UPI ID"), { target: { value: " asha@okaxis " } });
    fireEvent.click(form.getByRole("radio", { name: /Monthly/ }));
    fireEvent.change(form.getByLabelText(/^PAN/), { target: { value: "abcpr1234k" } });
    fireEvent.change(form.getByLabelText("Your password"), { target: { value: "Mentor#Pass2026" } });
    fireEvent.click(form.getByRole("button", { name: "Save payout details" }));

    const details = within(await screen.findByTestId("payout-details"));
    expect(details.getByText("as•••@okaxis")).toBeTruthy();
    expect(details.getByText("Monthly")).toBeTruthy();
    expect(callsTo(calls, "PUT", "/api/mentor/payout-details/")[0]?.body).toEqual({
      method: "upi",
      beneficiary_name: "Asha Rao",
      account_number: null,
      ifsc: null,
      upi_id: "asha@okaxis",
      schedule: "monthly",
      pan: "ABCPR1234K",
      password: "Mentor#Pass2026",
    });
    await waitFor(() => expect(callsTo(calls, "GET", "/api/mentor/earnings/")).toHaveLength(2));
    await waitFor(() => expect(screen.getByTestId("next-payout").textContent).toMatch(/^Next payout \(monthly\): Tue.*1.*2026$/));
  });

  it("keeps the details when editing is cancelled, and says so when the server can’t be reached", async () => {
    handlers({ "PUT /api/mentor/payout-details/": () => Promise.reject(new TypeError("Failed to fetch")) });
    openEarnings();
    fireEvent.click(await screen.findByRole("button", { name: "Edit payout details" }));
    let form = within(screen.getByTestId("payout-form"));
    fireEvent.click(form.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByTestId("payout-form")).toBeNull();
    expect(within(screen.getByTestId("payout-details")).getByText("•••• •••• 1234")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Edit payout details" }));
    form = within(screen.getByTestId("payout-form"));
    fireEvent.change(form.getByLabelText("Account number"), { target: { value: "123456789" } });
    fireEvent.change(form.getByLabelText("Your password"), { target: { value: "Mentor#Pass2026" } });
    fireEvent.click(form.getByRole("button", { name: "Save payout details" }));
    expect(await form.findByText(/We couldn’t reach the server/)).toBeTruthy();
  });
});

describe("payout details that a stolen session cannot redirect (issue 20)", () => {
  it("asks for the password before sending, and shows the server’s “Invalid password.” under it", async () => {
    const calls = handlers({ "PUT /api/mentor/payout-details/": json(400, { password: ["Invalid password."] }) });
    openEarnings();
    fireEvent.click(await screen.findByRole("button", { name: "Edit payout details" }));
    const form = within(screen.getByTestId("payout-form"));
    expect(form.getByText(/a new bank account or UPI ID takes effect 48 hours after you save it/)).toBeTruthy();
    fireEvent.change(form.getByLabelText("Account number"), { target: { value: "123456789" } });
    fireEvent.click(form.getByRole("button", { name: "Save payout details" }));
    const password = form.getByLabelText("Your password");
    await waitFor(() => expect(password.getAttribute("aria-invalid")).toBe("true"));
    expect(form.getByText("Enter your password to confirm a change of your payout details.")).toBeTruthy();
    expect(password.getAttribute("type")).toBe("password");
    expect(password.getAttribute("autocomplete")).toBe("current-password");
    expect(callsTo(calls, "PUT", "/api/mentor/payout-details/")).toHaveLength(0);

    fireEvent.change(password, { target: { value: "wrong" } });
    fireEvent.click(form.getByRole("button", { name: "Save payout details" }));
    expect(await form.findByText("Invalid password.")).toBeTruthy();
    expect(callsTo(calls, "PUT", "/api/mentor/payout-details/")[0]?.body).toMatchObject({ password: "wrong", account_number: "123456789" });
  });

  it("checks the PAN with the crate’s rule", async () => {
    handlers();
    openEarnings();
    fireEvent.click(await screen.findByRole("button", { name: "Edit payout details" }));
    const form = within(screen.getByTestId("payout-form"));
    expect(form.getByText(/On file: ••••••234F\. Type it again to keep it/)).toBeTruthy();
    fireEvent.change(form.getByLabelText(/^PAN/), { target: { value: "abcxe1234f" } });
    fireEvent.change(form.getByLabelText("Account number"), { target: { value: "123456789" } });
    fireEvent.change(form.getByLabelText("Your password"), { target: { value: "Mentor#Pass2026" } });
    fireEvent.click(form.getByRole("button", { name: "Save payout details" }));
    const check = checkPan("ABCXE1234F");
    if (check.type !== "invalid") throw new Error("the crate should refuse this PAN");
    expect(await form.findByText(check.message)).toBeTruthy();
    expect(form.getByLabelText(/^PAN/).getAttribute("aria-invalid")).toBe("true");
  });

  it("says when a requested change takes effect, keeps showing the current account, and cancels it", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-24T12:00:00Z") });
    const pending = {
      method: "upi" as const,
      beneficiary_name: "Asha Rao",
      account_number_masked: null,
      ifsc: null,
      upi_id_masked: "as•••@okaxis",
      requested_at: "2026-11-24T12:00:00Z",
      effective_at: "2026-11-26T12:00:00Z",
    };
    const calls = handlers({
      "PUT /api/mentor/payout-details/": json(200, someDetails({ pending })),
      "DELETE /api/mentor/payout-details/pending/": json(200, someDetails()),
    });
    openEarnings();
    fireEvent.click(await screen.findByRole("button", { name: "Edit payout details" }));
    const form = within(screen.getByTestId("payout-form"));
    fireEvent.click(form.getByRole("radio", { name: "UPI" }));
    fireEvent.change(form.getByLabelText("UPI ID"), { target: { value: "asha@okaxis" } });
    fireEvent.change(form.getByLabelText("Your password"), { target: { value: "Mentor#Pass2026" } });
    fireEvent.click(form.getByRole("button", { name: "Save payout details" }));

    const notice = await screen.findByText(/^Change requested\. It takes effect on/);
    expect(notice.textContent).toContain(momentLabel("2026-11-26T12:00:00Z", "Asia/Kolkata"));
    expect(notice.textContent).toContain("until then your payouts go to your current account");
    const details = within(screen.getByTestId("payout-details"));
    expect(details.getByText("•••• •••• 1234")).toBeTruthy();
    const block = within(screen.getByTestId("payout-pending"));
    expect(block.getByText(/UPI as•••@okaxis/)).toBeTruthy();
    expect(block.getByText(momentLabel("2026-11-26T12:00:00Z", "Asia/Kolkata"))).toBeTruthy();

    fireEvent.click(block.getByRole("button", { name: "Cancel this change" }));
    expect(await screen.findByText("The change was cancelled. Your payouts keep going to the account shown.")).toBeTruthy();
    expect(screen.queryByTestId("payout-pending")).toBeNull();
    expect(callsTo(calls, "DELETE", "/api/mentor/payout-details/pending/")).toHaveLength(1);
    expect(callsTo(calls, "DELETE", "/api/mentor/payout-details/pending/")[0]?.headers.get("Authorization")).toBe("Bearer access-1");
  });

  it("shows the PAN on file masked, or that TDS is 5 % without one", async () => {
    handlers({ "GET /api/mentor/payout-details/": json(200, someDetails({ pan_masked: null })) });
    openEarnings();
    expect((await screen.findByTestId("payout-pan")).textContent).toBe("Not given (TDS is 5 %)");
  });
});

describe("TDS on the earnings tab (issue 20)", () => {
  it("shows each paid session’s and each payout’s TDS, and the year’s total", async () => {
    const [first, second] = anEarnings().sessions;
    const [paid, failed] = anEarnings().payouts;
    handlers({
      "GET /api/mentor/earnings/": json(
        200,
        anEarnings({
          sessions: [first!, { ...second!, state: "paid", tds_paise: 25_000 }],
          payouts: [{ ...paid!, tds_paise: 25_000 }, failed!],
          tds_year_paise: 25_000,
        }),
      ),
    });
    openEarnings();
    const cells = await screen.findAllByTestId("earn-session-tds");
    expect(cells.map((c) => c.textContent)).toEqual(["—", "−₹250"]);
    const payouts = screen.getAllByTestId("earn-payout");
    expect(within(payouts[0] as HTMLElement).getByText("−₹250")).toBeTruthy();
    expect(within(payouts[1] as HTMLElement).getByText("₹0")).toBeTruthy();
    const year = within(screen.getByTestId("earn-tds-year"));
    expect(year.getByText("TDS deducted in 2026-27")).toBeTruthy();
    expect(year.getByText("₹250")).toBeTruthy();
    expect(screen.getAllByRole("columnheader", { name: "TDS" })).toHaveLength(2);
  });

  it("downloads the quarter’s TDS statement with the mentor’s token, this quarter first", async () => {
    // 24 November 2026: Q3 of 2026-27.
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-24T12:00:00Z") });
    const saved: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      saved.push(blob);
      return "blob:tds";
    });
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const csv = "financial_year,quarter,booking_id\r\n2026-27,Q2,TOTAL\r\n";
    const calls = handlers({
      "GET /api/mentor/payouts/tds-statement/": new Response(csv, { status: 200, headers: { "Content-Type": "text/csv; charset=utf-8" } }),
    });
    openEarnings();
    const card = within(await screen.findByTestId("tds-statement"));
    expect((card.getByLabelText("Financial year") as HTMLSelectElement).value).toBe("2026-27");
    expect((card.getByLabelText("Quarter") as HTMLSelectElement).value).toBe("3");
    expect(card.getAllByRole("option").map((o) => o.textContent).slice(0, 3)).toEqual(["2026-27", "2025-26", "2024-25"]);
    fireEvent.change(card.getByLabelText("Quarter"), { target: { value: "2" } });
    fireEvent.click(card.getByRole("button", { name: /Download statement/ }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
    const call = callsTo(calls, "GET", "/api/mentor/payouts/tds-statement/")[0];
    expect(call?.url).toContain("fy=2026-27");
    expect(call?.url).toContain("quarter=Q2");
    expect(call?.headers.get("Authorization")).toBe("Bearer access-1");
    expect(await saved[0]?.text()).toBe(csv);
  });

  it("names the statement’s recent years", () => {
    expect(recentYears("2026-27")).toEqual(["2026-27", "2025-26", "2024-25"]);
    expect(recentYears("2000-01")).toEqual(["2000-01", "1999-00", "1998-99"]);
  });
});

describe("how amounts and dates are written", () => {
  it("writes rupees the Indian way, and short ones for the chart’s axis", () => {
    expect(amountLabel(0)).toBe("₹0");
    expect(amountLabel(12_345_678_90)).toBe("₹1,23,45,678.90");
    expect(amountLabel(-50_000)).toBe("−₹500");
    expect(compactAmountLabel(95_000)).toBe("₹950");
    expect(compactAmountLabel(1_250_000)).toBe("₹12.5k");
    expect(compactAmountLabel(32_000_000)).toBe("₹3.2L");
    expect(compactAmountLabel(1_100_000_000)).toBe("₹1.1Cr");
  });

  it("adds the time to a payout date when it is not midnight in the mentor’s zone", () => {
    expect(momentLabel("2026-11-29T18:30:00Z", "Asia/Kolkata")).not.toMatch(/\d:\d\d/);
    expect(momentLabel("2026-11-29T18:30:00Z", "Europe/London")).toMatch(/^Sun.*29.*2026, 6:30/);
  });

  it("sums the chart up in words", () => {
    expect(chartSummary([])).toBe("No earnings to chart yet.");
    expect(chartSummary([{ month: "2026-11", earned_paise: 100_000, paid_paise: 0 }])).toBe(
      `Bar chart of your earnings by month, ${monthLabel("2026-11", "long")}: ₹1,000 earned and ₹0 paid out in all; the best month was ${monthLabel("2026-11", "long")} with ₹1,000. The figures are in the table below.`,
    );
  });

  it("sends only the chosen method’s fields, cleaned", () => {
    const draft = {
      method: "bank" as const,
      beneficiary_name: " A B ",
      account_number: " 1234 5678 90 ",
      ifsc: " hdfc0001234",
      upi_id: "x@y",
      schedule: "monthly" as const,
      pan: " abcpe1234f ",
      password: "secret",
    };
    const same = { pan: "ABCPE1234F", password: "secret" };
    expect(bodyOf(draft)).toEqual({ method: "bank", beneficiary_name: "A B", account_number: "1234567890", ifsc: "HDFC0001234", upi_id: null, schedule: "monthly", ...same });
    expect(bodyOf({ ...draft, method: "upi" })).toEqual({ method: "upi", beneficiary_name: "A B", account_number: null, ifsc: null, upi_id: "x@y", schedule: "monthly", ...same });
    expect(bodyOf({ ...draft, pan: "  " }).pan).toBeNull();
    expect(checkedBody(bodyOf(draft))).toEqual({ ok: true, body: bodyOf(draft) });
    const upi = checkedBody(bodyOf({ ...draft, method: "upi" }));
    expect(upi.ok).toBe(false);
    expect(upi.ok ? [] : Object.keys(upi.errors)).toEqual(["upi_id"]);
  });
});
