/**
 * The booking page's receipts: one per payment and refund, in the order
 * issued, each downloaded with the bearer token as a printable page; none
 * for the mentor (the API answers them 404) or for an unpaid booking.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { aUser, callsTo, json, logIn, mockApi, renderScreen, resetAuth } from "../../testing";
import { BookingPage } from "./BookingPage";
import { aBooking, aConfirmedBooking } from "./fixtures.test-util";
import { receiptFileName } from "./Receipts";
import type { Booking } from "./types";

const ID = aBooking().id;
const PATH = `/my-bookings/${ID}`;
const RECEIPTS = `/api/bookings/${ID}/receipts/`;

const PAYMENT = { number: "MM-2026-000123", kind: "payment", amount_paise: 150_000, issued_at: "2026-11-20T04:30:00Z", download_url: "/api/receipts/MM-2026-000123/" };
const REFUND = { number: "MM-2026-000130", kind: "refund", amount_paise: 75_050, issued_at: "2026-11-23T06:00:00Z", download_url: "/api/receipts/MM-2026-000130/" };

function routes() {
  return [{ path: "/my-bookings/:id", element: <BookingPage /> }];
}

function serve(booking: Booking, receipts: unknown, extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    [`GET /api/bookings/${booking.id}/`]: json(200, booking),
    [`GET ${RECEIPTS}`]: receipts instanceof Response ? receipts : json(200, receipts),
    ...extra,
  });
}

beforeEach(() => {
  resetAuth();
  logIn(Object.assign(aUser(), { time_zone: "Asia/Kolkata" }));
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetAuth();
});

describe("the booking's receipts", () => {
  it("lists each payment and refund in the order issued, with its number, time and amount", async () => {
    serve(aConfirmedBooking(), [REFUND, PAYMENT]);
    renderScreen(PATH, routes());
    const section = await screen.findByTestId("receipts");
    expect(within(section).getByRole("heading", { level: 2 }).textContent).toBe("Receipts");
    expect(within(section).getAllByTestId("receipt").map((r) => r.textContent)).toEqual([
      expect.stringMatching(/^Payment receiptMM-2026-000123Fri, 20 Nov 2026, 10:00 am India Standard Time₹1,500Download$/),
      expect.stringMatching(/^Refund receiptMM-2026-000130Mon, 23 Nov 2026, 11:30 am India Standard Time−₹750\.50Download$/),
    ]);
    expect(within(section).getByRole("button", { name: "Download payment receipt MM-2026-000123" })).toBeTruthy();
  });

  it("downloads a receipt with the session's token, saved as receipt-{number}.html", async () => {
    const html = "<!doctype html><title>Receipt MM-2026-000123</title>";
    const calls = serve(aConfirmedBooking(), [PAYMENT], {
      "GET /api/receipts/MM-2026-000123/": () => new Response(html, { status: 200, headers: { "content-type": "text/html" } }),
    });
    const blobs: Blob[] = [];
    const created = vi.spyOn(URL, "createObjectURL").mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return "blob:receipt";
    });
    vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => undefined);
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(`${this.download} ${this.getAttribute("href") ?? ""}`);
    });
    renderScreen(PATH, routes());
    fireEvent.click(await screen.findByRole("button", { name: "Download payment receipt MM-2026-000123" }));
    await waitFor(() => expect(saved).toEqual(["receipt-MM-2026-000123.html blob:receipt"]));
    const [fetched] = callsTo(calls, "GET", "/api/receipts/MM-2026-000123/");
    expect(fetched?.headers.get("Authorization")).toMatch(/^Bearer /);
    expect(fetched?.headers.get("Accept")).toBe("text/html");
    expect(created).toHaveBeenCalledTimes(1);
    expect(await blobs[0]?.text()).toBe(html);
  });

  it("says so when a receipt cannot be fetched", async () => {
    serve(aConfirmedBooking(), [PAYMENT], { "GET /api/receipts/MM-2026-000123/": json(503, { detail: "Receipts are unavailable right now." }) });
    renderScreen(PATH, routes());
    fireEvent.click(await screen.findByRole("button", { name: "Download payment receipt MM-2026-000123" }));
    expect(await screen.findByText("Receipts are unavailable right now.")).toBeTruthy();
  });

  it("shows nothing to the mentor, and does not ask (the API answers them 404)", async () => {
    const asMentor = serve(aConfirmedBooking({ role: "mentor" }), [PAYMENT]);
    renderScreen(PATH, routes());
    await screen.findByTestId("booking-view");
    expect(callsTo(asMentor, "GET", RECEIPTS)).toHaveLength(0);
    expect(screen.queryByTestId("receipts")).toBeNull();
  });

  it("an empty list shows no section", async () => {
    const calls = serve(aConfirmedBooking(), []);
    renderScreen(PATH, routes());
    await waitFor(() => expect(callsTo(calls, "GET", RECEIPTS)).toHaveLength(1));
    expect(screen.queryByTestId("receipts")).toBeNull();
  });

  it("an unpaid booking is not asked about", async () => {
    const calls = serve(aBooking(), [PAYMENT]);
    renderScreen(PATH, routes());
    await screen.findByTestId("booking-view");
    expect(callsTo(calls, "GET", RECEIPTS)).toHaveLength(0);
  });

  it("names the saved file after the receipt's number only", () => {
    expect(receiptFileName("MM-2026-000123")).toBe("receipt-MM-2026-000123.html");
    expect(receiptFileName("../MM 1")).toBe("receipt--MM-1.html");
  });
});
