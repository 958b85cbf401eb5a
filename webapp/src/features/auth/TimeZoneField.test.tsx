/**
 * Every account has a time zone: sign-up sends the browser's (by its
 * current IANA name), and the edit-profile screen shows it and changes it
 * through a field that suggests the zones as you type.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, within } from "@testing-library/react";
import { aUser, callsTo, json, logIn, mockApi, renderScreen, resetAuth } from "../../testing";
import EditProfilePage from "./EditProfilePage";
import RegisterPage from "./RegisterPage";
import type { User } from "../../lib/session";
import { matchZone } from "./TimeZoneField";

function userIn(zone: string): User {
  return aUser({ time_zone: zone });
}

function details() {
  return within(screen.getByRole("form", { name: "Personal details" }));
}

/** The browser says it is in `zone` (only the zone changes). */
function browserIn(zone: string) {
  const real = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, "resolvedOptions").mockImplementation(function (this: Intl.DateTimeFormat) {
    return { ...real.call(this), timeZone: zone };
  });
}

beforeEach(() => resetAuth());

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  resetAuth();
});

describe("sign-up", () => {
  it("sends the browser's time zone by its current name", async () => {
    browserIn("Asia/Calcutta");
    const calls = mockApi({ "POST /auth/users/": json(201, { id: 9 }) });
    renderScreen("/auth/register", [{ path: "/auth/register", element: <RegisterPage /> }]);
    fireEvent.change(screen.getByLabelText("Full name"), { target: { value: "Asha Rao" } });
    fireEvent.change(screen.getByLabelText("E-mail address"), { target: { value: "asha@example.com" } });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "Secret#123" } });
    fireEvent.change(screen.getByLabelText("Confirm password"), { target: { value: "Secret#123" } });
    fireEvent.click(screen.getByRole("button", { name: "Create Account" }));
    expect(await screen.findByTestId("elsewhere")).toBeTruthy();
    expect((callsTo(calls, "POST", "/auth/users/")[0]?.body as { time_zone?: string }).time_zone).toBe("Asia/Kolkata");
  });
});

describe("the edit-profile screen's time zone", () => {
  it("shows the account's zone, suggests zones as you type and saves a new one", async () => {
    logIn(userIn("Asia/Kolkata"));
    const calls = mockApi({
      "GET /auth/users/me/": json(200, userIn("Asia/Kolkata")),
      "PATCH /auth/users/me/": (call) => json(200, { ...userIn("Asia/Kolkata"), ...(call.body as object) }),
    });
    renderScreen("/auth/edit-profile", [{ path: "/auth/edit-profile", element: <EditProfilePage /> }]);
    await screen.findByRole("form", { name: "Personal details" });
    const field = details().getByLabelText("Time zone") as HTMLInputElement;
    expect(field.value).toBe("Asia/Kolkata");
    const list = document.getElementById(field.getAttribute("list") ?? "");
    const options = Array.from(list?.querySelectorAll("option") ?? []).map((o) => o.value);
    expect(options).toContain("Europe/London");
    expect(options).toContain("Asia/Kolkata");
    expect(options).not.toContain("Asia/Calcutta");

    // A city alone is enough when only one zone has it.
    fireEvent.change(field, { target: { value: "london" } });
    fireEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("Your profile has been updated.")).toBeTruthy();
    expect((callsTo(calls, "PATCH", "/auth/users/me/")[0]?.body as { time_zone?: string }).time_zone).toBe("Europe/London");
    expect(field.value).toBe("Europe/London");
    expect(JSON.parse(localStorage.getItem("user") ?? "{}").time_zone).toBe("Europe/London");
  });

  it("refuses a zone that is not in the list, under the field, without saving", async () => {
    logIn(userIn("Asia/Kolkata"));
    const calls = mockApi({ "GET /auth/users/me/": json(200, userIn("Asia/Kolkata")) });
    renderScreen("/auth/edit-profile", [{ path: "/auth/edit-profile", element: <EditProfilePage /> }]);
    await screen.findByRole("form", { name: "Personal details" });
    const field = details().getByLabelText("Time zone");
    fireEvent.change(field, { target: { value: "Mars/Olympus_Mons" } });
    fireEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("Choose a time zone from the list, such as Asia/Kolkata or Europe/London.")).toBeTruthy();
    expect(field.getAttribute("aria-invalid")).toBe("true");
    expect(callsTo(calls, "PATCH", "/auth/users/me/")).toHaveLength(0);
  });

  it("offers the browser's zone when the account's is another", async () => {
    browserIn("Europe/Paris");
    logIn(userIn("UTC"));
    mockApi({ "GET /auth/users/me/": json(200, userIn("UTC")) });
    renderScreen("/auth/edit-profile", [{ path: "/auth/edit-profile", element: <EditProfilePage /> }]);
    await screen.findByRole("form", { name: "Personal details" });
    const field = details().getByLabelText("Time zone") as HTMLInputElement;
    expect(field.value).toBe("UTC");
    expect(details().getByText(/Your browser is in Europe\/Paris/)).toBeTruthy();
    fireEvent.click(details().getByRole("button", { name: "Use Europe/Paris" }));
    expect(field.value).toBe("Europe/Paris");
    expect(details().queryByRole("button", { name: "Use Europe/Paris" })).toBeNull();
  });

  it("starts from the browser's zone when the profile has none", async () => {
    browserIn("Europe/Paris");
    const noZone: Partial<User> = aUser();
    delete noZone.time_zone;
    logIn(noZone as User);
    mockApi({ "GET /auth/users/me/": json(200, noZone) });
    renderScreen("/auth/edit-profile", [{ path: "/auth/edit-profile", element: <EditProfilePage /> }]);
    await screen.findByRole("form", { name: "Personal details" });
    expect((details().getByLabelText("Time zone") as HTMLInputElement).value).toBe("Europe/Paris");
  });

  it("shows the server's refusal of a zone under the field", async () => {
    logIn(userIn("Asia/Kolkata"));
    mockApi({
      "GET /auth/users/me/": json(200, userIn("Asia/Kolkata")),
      "PATCH /auth/users/me/": json(400, { time_zone: ["Unknown time zone."] }),
    });
    renderScreen("/auth/edit-profile", [{ path: "/auth/edit-profile", element: <EditProfilePage /> }]);
    await screen.findByRole("form", { name: "Personal details" });
    fireEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("Unknown time zone.")).toBeTruthy();
  });
});

describe("matching a typed zone", () => {
  const zones = ["America/Indiana/Indianapolis", "Asia/Kolkata", "Europe/London", "UTC"];
  it("takes the exact name in any case, spaces for underscores, or a city alone when only one zone has it", () => {
    expect(matchZone("asia/kolkata", zones)).toBe("Asia/Kolkata");
    expect(matchZone(" Kolkata ", zones)).toBe("Asia/Kolkata");
    expect(matchZone("utc", zones)).toBe("UTC");
    expect(matchZone("America/Indiana/Indianapolis", zones)).toBe("America/Indiana/Indianapolis");
    expect(matchZone("Mars", zones)).toBeUndefined();
    expect(matchZone("", zones)).toBeUndefined();
  });
});
