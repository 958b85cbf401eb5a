/**
 * The edit-profile screen's sign-in methods (issue 10, findings 4 and 8): a
 * Google account adds its first password with a fresh Google credential or
 * an e-mailed link; a password account connects Google.
 */
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import EditProfilePage from "./EditProfilePage";
import { aUser, callsTo, json, logIn, mockApi, renderScreen, resetAuth, type Handler } from "../../testing";

const CLIENT = { google_client_id: "client-123.apps.googleusercontent.com" };
const GOOGLE_USER = aUser({ is_google_user: true, email: "asha@gmail.com" });

function renderEdit() {
  return renderScreen("/auth/edit-profile", [{ path: "/auth/edit-profile", element: <EditProfilePage /> }]);
}

/** A stand-in for Google Identity Services; `answer` plays Google handing back a credential. */
function fakeGoogle() {
  const initialize = vi.fn();
  const renderButton = vi.fn();
  window.google = { accounts: { id: { initialize, renderButton } } };
  return {
    initialize,
    renderButton,
    answer(credential: string | undefined) {
      const options = initialize.mock.calls.at(-1)?.[0] as { callback: (r: { credential?: string }) => void };
      act(() => options.callback({ credential }));
    },
  };
}

function region(name: string) {
  return within(screen.getByRole("region", { name }));
}

function fillNewPassword(f: ReturnType<typeof within>, password: string, confirmation = password) {
  fireEvent.change(f.getByLabelText("New password"), { target: { value: password } });
  fireEvent.change(f.getByLabelText("Confirm new password"), { target: { value: confirmation } });
}

let consoleError: MockInstance;

beforeEach(() => {
  resetAuth();
  consoleError = vi.spyOn(console, "error");
});

afterEach(() => {
  expect(consoleError).not.toHaveBeenCalled();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  delete window.google;
  document.querySelectorAll("script[src*='accounts.google.com']").forEach((s) => s.remove());
  resetAuth();
});

describe("a Google account without a password", () => {
  beforeEach(() => logIn(GOOGLE_USER));

  it("is offered to add a password, confirmed with Google or by an e-mailed link", async () => {
    const google = fakeGoogle();
    mockApi({ "GET /auth/users/me/": json(200, GOOGLE_USER) }, CLIENT);
    renderEdit();
    const add = await screen.findByRole("region", { name: "Add a password" });
    await waitFor(() => expect(google.renderButton).toHaveBeenCalledTimes(1));
    expect(google.initialize.mock.calls[0]?.[0]).toMatchObject({ client_id: CLIENT.google_client_id });
    expect(google.renderButton.mock.calls[0]?.[1]).toMatchObject({ text: "continue_with" });
    expect(within(add).getByRole("button", { name: "E-mail me a link" })).toBeTruthy();
    expect(within(add).getByText(/asha@gmail\.com/)).toBeTruthy();
    expect(screen.queryByRole("form", { name: "Change password" })).toBeNull();
    expect(screen.queryByText(/managed in your Google account/)).toBeNull();
    // A Google account is linked already: nothing to connect.
    expect(screen.queryByRole("region", { name: "Connect Google" })).toBeNull();
  });

  it("adds the password with the Google credential after the crate's checks, then shows the change-password form", async () => {
    const google = fakeGoogle();
    const calls = mockApi({ "GET /auth/users/me/": json(200, GOOGLE_USER), "POST /auth/users/set_password/": json(204) }, CLIENT);
    renderEdit();
    await screen.findByRole("region", { name: "Add a password" });
    await waitFor(() => expect(google.renderButton).toHaveBeenCalled());
    google.answer("fresh-google-token");

    const choose = within(await screen.findByRole("form", { name: "Choose your password" }));
    expect(choose.getByRole("status").textContent).toBe("Confirmed with Google. Choose your password within 5 minutes.");
    fillNewPassword(choose, "Welcome1");
    fireEvent.click(choose.getByRole("button", { name: "Add Password" }));
    expect(choose.getByText("This password is one of the most common. Please choose one that is harder to guess.")).toBeTruthy();
    expect(choose.getByLabelText("New password").getAttribute("aria-invalid")).toBe("true");
    expect(choose.getByRole("status").textContent).toBe("Confirmed with Google. Choose your password within 5 minutes.");
    fillNewPassword(choose, "Newer#456", "Newer#457");
    fireEvent.click(choose.getByRole("button", { name: "Add Password" }));
    expect(choose.getByText("Passwords do not match.")).toBeTruthy();
    expect(callsTo(calls, "POST", "/auth/users/set_password/")).toHaveLength(0);

    fillNewPassword(choose, "Newer#456");
    fireEvent.click(choose.getByRole("button", { name: "Add Password" }));
    const change = within(await screen.findByRole("form", { name: "Change password" }));
    expect(change.getByRole("status").textContent).toBe(
      "Your password has been added. You can now also sign in with your e-mail address and password. Other devices have been signed out.",
    );
    expect(change.getByLabelText("Current password")).toBeTruthy();
    const sent = callsTo(calls, "POST", "/auth/users/set_password/");
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({ google_credential: "fresh-google-token", new_password: "Newer#456", re_new_password: "Newer#456" });
    expect(sent[0]?.headers.get("Authorization")).toBe("Bearer access-1");
    expect(JSON.parse(localStorage.getItem("user") ?? "{}").is_google_user).toBe(false);
    expect(screen.queryByRole("region", { name: "Add a password" })).toBeNull();
  });

  it("goes back to confirming when the server refuses the Google credential, with its message", async () => {
    const google = fakeGoogle();
    mockApi(
      {
        "GET /auth/users/me/": json(200, GOOGLE_USER),
        "POST /auth/users/set_password/": json(400, { google_credential: ["This Google credential is too old: confirm with Google again."] }),
      },
      CLIENT,
    );
    renderEdit();
    await screen.findByRole("region", { name: "Add a password" });
    await waitFor(() => expect(google.renderButton).toHaveBeenCalledTimes(1));
    google.answer("old-google-token");
    const choose = within(await screen.findByRole("form", { name: "Choose your password" }));
    fillNewPassword(choose, "Newer#456");
    fireEvent.click(choose.getByRole("button", { name: "Add Password" }));
    expect((await region("Add a password").findByRole("alert")).textContent).toBe("This Google credential is too old: confirm with Google again.");
    expect(screen.queryByRole("form", { name: "Choose your password" })).toBeNull();
    // Google's button is drawn again for a fresh credential.
    await waitFor(() => expect(google.renderButton).toHaveBeenCalledTimes(2));
  });

  it("shows the server's password refusal under the field, and Cancel returns to the choice", async () => {
    const google = fakeGoogle();
    mockApi(
      {
        "GET /auth/users/me/": json(200, GOOGLE_USER),
        "POST /auth/users/set_password/": json(400, { new_password: ["Please use a stronger password."] }),
      },
      CLIENT,
    );
    renderEdit();
    await screen.findByRole("region", { name: "Add a password" });
    await waitFor(() => expect(google.renderButton).toHaveBeenCalled());
    google.answer("fresh-google-token");
    const choose = within(await screen.findByRole("form", { name: "Choose your password" }));
    fillNewPassword(choose, "Newer#456");
    fireEvent.click(choose.getByRole("button", { name: "Add Password" }));
    expect(await choose.findByText("Please use a stronger password.")).toBeTruthy();
    expect(choose.getByRole("alert").textContent).toBe("Please fix the errors above.");
    fireEvent.click(choose.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("form", { name: "Choose your password" })).toBeNull();
    expect(region("Add a password").getByRole("button", { name: "E-mail me a link" })).toBeTruthy();
  });

  it("shows the change-password form when the server says a password was set meanwhile", async () => {
    const google = fakeGoogle();
    let hasPassword = false;
    mockApi(
      {
        "GET /auth/users/me/": () => json(200, { ...GOOGLE_USER, is_google_user: !hasPassword }),
        "POST /auth/users/set_password/": () => {
          hasPassword = true;
          return json(400, { current_password: ["This account already has a password."] });
        },
      },
      CLIENT,
    );
    renderEdit();
    await screen.findByRole("region", { name: "Add a password" });
    await waitFor(() => expect(google.renderButton).toHaveBeenCalled());
    google.answer("fresh-google-token");
    const choose = within(await screen.findByRole("form", { name: "Choose your password" }));
    fillNewPassword(choose, "Newer#456");
    fireEvent.click(choose.getByRole("button", { name: "Add Password" }));
    const change = within(await screen.findByRole("form", { name: "Change password" }));
    expect(change.getByRole("status").textContent).toBe("Your account already has a password. You can change it below.");
  });

  it("still offers the e-mailed link when Google's script cannot load, without an empty button slot", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    mockApi({ "GET /auth/users/me/": json(200, GOOGLE_USER), "POST /api/accounts/set-password-link/": json(204) }, CLIENT);
    renderEdit();
    const add = within(await screen.findByRole("region", { name: "Add a password" }));
    // The test browser loads no outside script: Google's fails as it would offline.
    expect(await add.findByText("Google isn’t available right now. We can e-mail you a link instead.")).toBeTruthy();
    expect(document.querySelector<HTMLElement>(".google-signin__slot")?.hidden).toBe(true);
    expect(warn).toHaveBeenCalledWith("Google sign-in is unavailable:", expect.any(Error));
    fireEvent.click(add.getByRole("button", { name: "E-mail me a link" }));
    expect(await add.findByText("We’ve sent a link to asha@gmail.com. It works for one hour.")).toBeTruthy();
  });

  it("e-mails a link, and says where it went and for how long it works", async () => {
    let answer: (r: Response) => void = () => undefined;
    const calls = mockApi({
      "GET /auth/users/me/": json(200, GOOGLE_USER),
      "POST /api/accounts/set-password-link/": () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderEdit();
    const add = within(await screen.findByRole("region", { name: "Add a password" }));
    // No client id: no Google button and no script, only the link.
    expect(add.getByText("We’ll e-mail you a link to confirm it’s you.")).toBeTruthy();
    expect(screen.queryByTestId("google-signin")).toBeNull();
    expect(document.querySelector("script[src*='accounts.google.com']")).toBeNull();
    fireEvent.click(add.getByRole("button", { name: "E-mail me a link" }));
    const busy = await add.findByRole("button", { name: "Sending…" });
    expect(busy.hasAttribute("disabled")).toBe(true);
    await act(async () => answer(json(204)));
    expect((await add.findByRole("status")).textContent).toBe("We’ve sent a link to asha@gmail.com. It works for one hour.");
    const sent = callsTo(calls, "POST", "/api/accounts/set-password-link/");
    expect(sent).toHaveLength(1);
    expect(sent[0]?.headers.get("Authorization")).toBe("Bearer access-1");
  });

  it.each([
    ["too many requests", json(429, { detail: "Too many e-mails. Please try again in 10 minutes." }, { "Retry-After": "600" }), "Too many e-mails. Please try again in 10 minutes."],
    ["a server failure", json(500, { detail: "Internal server error" }), "We couldn’t send the link. Please try again."],
  ])("says so when the link cannot be sent (%s)", async (_name, failure, message) => {
    mockApi({ "GET /auth/users/me/": json(200, GOOGLE_USER), "POST /api/accounts/set-password-link/": failure });
    renderEdit();
    const add = within(await screen.findByRole("region", { name: "Add a password" }));
    fireEvent.click(add.getByRole("button", { name: "E-mail me a link" }));
    expect((await add.findByRole("alert")).textContent).toBe(message);
  });

  it("says so when the server cannot be reached", async () => {
    const unreachable: Handler = () => Promise.reject(new TypeError("Failed to fetch"));
    mockApi({ "GET /auth/users/me/": json(200, GOOGLE_USER), "POST /api/accounts/set-password-link/": unreachable });
    renderEdit();
    const add = within(await screen.findByRole("region", { name: "Add a password" }));
    fireEvent.click(add.getByRole("button", { name: "E-mail me a link" }));
    expect((await add.findByRole("alert")).textContent).toBe("We couldn’t reach the server. Check your connection and try again.");
  });
});

describe("an account with a password", () => {
  beforeEach(() => logIn(aUser()));

  it("connects Google with the credential and shows the success", async () => {
    const google = fakeGoogle();
    const calls = mockApi({ "GET /auth/users/me/": json(200, aUser()), "POST /api/accounts/google-link/": json(200, aUser()) }, CLIENT);
    renderEdit();
    const connect = await screen.findByRole("region", { name: "Connect Google" });
    expect(within(connect).getByText(/asha@example\.com/)).toBeTruthy();
    // The change-password form stays.
    expect(screen.getByRole("form", { name: "Change password" })).toBeTruthy();
    await waitFor(() => expect(google.renderButton).toHaveBeenCalledTimes(1));
    google.answer("fresh-google-token");
    expect((await within(connect).findByRole("status")).textContent).toBe("Google is connected. You can now sign in with Google or with your password.");
    const sent = callsTo(calls, "POST", "/api/accounts/google-link/");
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({ credential: "fresh-google-token" });
    expect(sent[0]?.headers.get("Authorization")).toBe("Bearer access-1");
    expect(within(connect).queryByTestId("google-signin")).toBeNull();
  });

  it.each([
    ["another address", json(400, { error: "This Google account's email address is not the address of this account." }), "This Google account's email address is not the address of this account."],
    ["linked already", json(400, { error: "This account is already linked to a Google account." }), "This account is already linked to a Google account."],
    ["Google's keys unavailable", json(503, { error: "Google sign-in is unavailable right now." }), "Google sign-in is unavailable right now."],
    ["too many attempts", json(429, { detail: "Too many attempts. Please try again in 5 minutes." }, { "Retry-After": "300" }), "Too many attempts. Please try again in 5 minutes."],
    ["an empty failure", json(500, {}), "We couldn’t connect Google. Please try again."],
  ])("shows the server's refusal (%s) and keeps the button", async (_name, failure, message) => {
    const google = fakeGoogle();
    mockApi({ "GET /auth/users/me/": json(200, aUser()), "POST /api/accounts/google-link/": failure }, CLIENT);
    renderEdit();
    const connect = await screen.findByRole("region", { name: "Connect Google" });
    await waitFor(() => expect(google.renderButton).toHaveBeenCalledTimes(1));
    google.answer("google-token");
    expect((await within(connect).findByRole("alert")).textContent).toBe(message);
    expect(within(connect).getByTestId("google-signin")).toBeTruthy();
  });

  it("says Google is connected, without a button, when the account already has it", async () => {
    const google = fakeGoogle();
    const connected = aUser({ google_connected: true });
    mockApi({ "GET /auth/users/me/": json(200, connected) }, CLIENT);
    renderEdit();
    const section = await screen.findByRole("region", { name: "Google" });
    expect(section.textContent).toContain("Google is connected to this account: you can sign in with Google or with your password.");
    expect(within(section).queryByTestId("google-signin")).toBeNull();
    expect(google.renderButton).not.toHaveBeenCalled();
    expect(screen.queryByRole("region", { name: "Connect Google" })).toBeNull();
  });

  it("has no Connect Google section when the server has no Google client id", async () => {
    const calls = mockApi({ "GET /auth/users/me/": json(200, aUser()) });
    renderEdit();
    await screen.findByRole("form", { name: "Change password" });
    await waitFor(() => expect(callsTo(calls, "GET", "/api/config/")).toHaveLength(1));
    await act(async () => undefined);
    expect(screen.queryByRole("region", { name: "Connect Google" })).toBeNull();
    expect(screen.queryByRole("region", { name: "Add a password" })).toBeNull();
  });
});
