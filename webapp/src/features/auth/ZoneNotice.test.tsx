import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { ZoneNotice } from "./ZoneNotice";
import { aUser, callsTo, json, logIn, mockApi, resetAuth } from "../../testing";

/** This device is in `zone` (named as Chrome in India names it, Asia/Calcutta): formats made without a zone use it. */
function deviceIn(zone: string) {
  const Real = Intl.DateTimeFormat;
  const Device = function (locales?: string | string[], options?: Intl.DateTimeFormatOptions) {
    return new Real(locales, options?.timeZone ? options : { ...options, timeZone: zone });
  } as unknown as typeof Intl.DateTimeFormat;
  Object.assign(Device, { supportedLocalesOf: Real.supportedLocalesOf.bind(Real) });
  vi.stubGlobal("Intl", { ...Intl, DateTimeFormat: Device, supportedValuesOf: Intl.supportedValuesOf.bind(Intl) });
}

function storedUser() {
  return JSON.parse(localStorage.getItem("user") ?? "{}") as { time_zone?: string; time_zone_chosen?: boolean };
}

beforeEach(() => {
  resetAuth();
  deviceIn("Asia/Calcutta");
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  resetAuth();
});

describe("one time zone per person", () => {
  it("gives an account made without a zone the browser's at its first sign-in, without asking", async () => {
    const calls = mockApi({ "PATCH /auth/users/me/": json(200, aUser({ time_zone: "Asia/Kolkata", time_zone_chosen: true })) });
    logIn(aUser({ time_zone: "UTC", time_zone_chosen: false }));
    render(<ZoneNotice />);
    await waitFor(() => expect(storedUser().time_zone).toBe("Asia/Kolkata"));
    const patches = callsTo(calls, "PATCH", "/auth/users/me/");
    expect(patches).toHaveLength(1);
    expect(patches[0]?.body).toEqual({ detected_time_zone: "Asia/Kolkata" });
    expect(screen.queryByTestId("zone-notice")).toBeNull();
  });

  it("offers the switch when the device is in another zone than the account's, and switches", async () => {
    const calls = mockApi({ "PATCH /auth/users/me/": json(200, aUser({ time_zone: "Asia/Kolkata", time_zone_chosen: true })) });
    logIn(aUser({ time_zone: "UTC", time_zone_chosen: true }));
    render(<ZoneNotice />);
    const notice = screen.getByRole("region", { name: "Time zone" });
    expect(notice.textContent).toContain("This device is in Kolkata — India Standard Time; your times are shown in Coordinated Universal Time.");
    fireEvent.click(within(notice).getByRole("button", { name: "Use India Standard Time" }));
    await waitFor(() => expect(screen.queryByTestId("zone-notice")).toBeNull());
    expect(callsTo(calls, "PATCH", "/auth/users/me/")[0]?.body).toEqual({ time_zone: "Asia/Kolkata" });
    expect(storedUser().time_zone).toBe("Asia/Kolkata");
  });

  it("remembers a declined switch on this device", () => {
    const calls = mockApi({});
    logIn(aUser({ time_zone: "Europe/London", time_zone_chosen: true }));
    const { unmount } = render(<ZoneNotice />);
    fireEvent.click(screen.getByRole("button", { name: /^Keep / }));
    expect(screen.queryByTestId("zone-notice")).toBeNull();
    unmount();
    render(<ZoneNotice />);
    expect(screen.queryByTestId("zone-notice")).toBeNull();
    expect(callsTo(calls, "PATCH", "/auth/users/me/")).toHaveLength(0);
  });

  it("says nothing when the zones agree or to a guest", () => {
    logIn(aUser({ time_zone: "Asia/Kolkata", time_zone_chosen: true }));
    const { unmount } = render(<ZoneNotice />);
    expect(screen.queryByTestId("zone-notice")).toBeNull();
    unmount();
    resetAuth();
    render(<ZoneNotice />);
    expect(screen.queryByTestId("zone-notice")).toBeNull();
  });
});
