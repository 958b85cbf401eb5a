import { browserZone } from "../../lib/time";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import LoginPage from "./LoginPage";
import { session } from "../../lib/session";
import { aUser, callsTo, json, mockApi, renderScreen, resetAuth } from "../../testing";

function renderLogin() {
  return renderScreen("/auth/login", [{ path: "/auth/login", element: <LoginPage /> }]);
}

function fill(email: string, password: string) {
  fireEvent.change(screen.getByLabelText("E-mail address"), { target: { value: email } });
  fireEvent.change(screen.getByLabelText("Password"), { target: { value: password } });
}

function submit() {
  fireEvent.click(screen.getByRole("button", { name: "Sign In" }));
}

beforeEach(() => resetAuth());

afterEach(() => {
  vi.unstubAllGlobals();
  delete window.google;
  document.querySelectorAll("script[src*='accounts.google.com']").forEach((s) => s.remove());
  resetAuth();
});

describe("the login screen", () => {
  it("has the fields, the forgot-password link and the way to register", () => {
    mockApi({});
    renderLogin();
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Welcome back");
    expect(screen.getByLabelText("E-mail address").getAttribute("autocomplete")).toBe("email");
    expect(screen.getByLabelText("Password").getAttribute("type")).toBe("password");
    expect(screen.getByRole("link", { name: "Forgot password?" }).getAttribute("href")).toBe("/auth/forgot-password");
    expect(screen.getByRole("link", { name: "Create an account" }).getAttribute("href")).toBe("/auth/register");
  });

  it("checks the fields before sending and ties each message to its field", async () => {
    const calls = mockApi({});
    renderLogin();
    submit();
    const email = screen.getByLabelText("E-mail address");
    expect(email.getAttribute("aria-invalid")).toBe("true");
    const describedBy = email.getAttribute("aria-describedby") ?? "";
    expect(document.getElementById(describedBy.split(" ")[0] ?? "")?.textContent).toBe("This field is required.");
    expect(screen.getByText("Please enter your password.")).toBeTruthy();
    fill("not-an-address", "x");
    submit();
    expect(screen.getByText("Enter a valid email address.")).toBeTruthy();
    expect(callsTo(calls, "POST", "/api/login/")).toHaveLength(0);
  });

  it("shows the spec's message when the credentials are refused", async () => {
    mockApi({ "POST /api/login/": json(401, { detail: "No active account found with the given credentials" }) });
    renderLogin();
    fill("asha@example.com", "wrong");
    submit();
    expect((await screen.findByRole("alert")).textContent).toBe("Login failed. Please check your credentials and try again.");
    expect(session.getSnapshot().status).toBe("guest");
  });

  it("shows the server's message when there were too many attempts", async () => {
    mockApi({ "POST /api/login/": json(429, { detail: "Too many attempts. Please try again in 5 minutes." }, { "Retry-After": "300" }) });
    renderLogin();
    fill("asha@example.com", "wrong");
    submit();
    expect((await screen.findByRole("alert")).textContent).toBe("Too many attempts. Please try again in 5 minutes.");
  });

  it("shows the server's field errors under the fields", async () => {
    mockApi({ "POST /api/login/": json(400, { password: ["This field may not be blank.", "Second message."] }) });
    renderLogin();
    fill("asha@example.com", "x");
    submit();
    expect(await screen.findByText("This field may not be blank.")).toBeTruthy();
    expect(screen.queryByText("Second message.")).toBeNull();
    expect(screen.getByRole("alert").textContent).toBe("Please fix the errors above.");
    expect(screen.getByLabelText("Password").getAttribute("aria-invalid")).toBe("true");
  });

  it("disables the button while signing in, then starts the session", async () => {
    let answer: (r: Response) => void = () => undefined;
    mockApi({ "POST /api/login/": () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderLogin();
    fill("asha@example.com", "Secret#123");
    submit();
    const button = await screen.findByRole("button", { name: "Signing in…" });
    expect(button.hasAttribute("disabled")).toBe(true);
    expect(button.getAttribute("aria-busy")).toBe("true");
    await act(async () => answer(json(200, { token: "a1", refresh: "r1", user: aUser() })));
    await waitFor(() => expect(session.getSnapshot().status).toBe("user"));
    expect(localStorage.getItem("token")).toBe("a1");
    expect(localStorage.getItem("refreshToken")).toBe("r1");
  });
});

describe("Google sign-in on the login screen", () => {
  it("is absent, script and all, when the server has no client id", async () => {
    const calls = mockApi({ "GET /api/config/": json(200, { google_client_id: null, dev_outbox: true }) });
    renderLogin();
    await waitFor(() => expect(callsTo(calls, "GET", "/api/config/")).toHaveLength(1));
    await act(async () => undefined);
    expect(screen.queryByTestId("google-signin")).toBeNull();
    expect(document.querySelector("script[src*='accounts.google.com']")).toBeNull();
  });

  it("renders Google's button with the client id and sends the credential to the server", async () => {
    const initialize = vi.fn();
    const renderButton = vi.fn();
    window.google = { accounts: { id: { initialize, renderButton } } };
    const calls = mockApi({
      "GET /api/config/": json(200, { google_client_id: "client-123.apps.googleusercontent.com", dev_outbox: false }),
      "POST /api/accounts/google-auth/": json(400, { error: "Invalid Google token." }),
    });
    renderLogin();
    await waitFor(() => expect(renderButton).toHaveBeenCalledTimes(1));
    expect(initialize.mock.calls[0]?.[0]).toMatchObject({ client_id: "client-123.apps.googleusercontent.com" });
    const callback = initialize.mock.calls[0]?.[0].callback as (r: { credential?: string }) => void;
    act(() => callback({ credential: "google-id-token" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Google login failed. Invalid Google token.");
    const sent = callsTo(calls, "POST", "/api/accounts/google-auth/")[0];
    expect(sent?.body).toEqual({ credential: "google-id-token", time_zone: browserZone() });
    expect(sent?.headers.get("Content-Type")).toBe("application/json");
  });

  it("turns to the password form when the address has a password account Google does not vouch for", async () => {
    const initialize = vi.fn();
    const renderButton = vi.fn();
    window.google = { accounts: { id: { initialize, renderButton } } };
    const calls = mockApi({
      "GET /api/config/": json(200, { google_client_id: "client-123.apps.googleusercontent.com", dev_outbox: false }),
      "POST /api/accounts/google-auth/": json(400, { error: "An account with this email already exists. Sign in with your password to link Google." }),
      "POST /api/login/": json(200, { token: "a1", refresh: "r1", user: aUser({ email: "asha@example.com" }) }),
    });
    renderLogin();
    await waitFor(() => expect(renderButton).toHaveBeenCalledTimes(1));
    const callback = initialize.mock.calls[0]?.[0].callback as (r: { credential?: string }) => void;
    // A credential whose payload names the address (base64url, no padding).
    const payload = btoa(JSON.stringify({ email: "asha@example.com", sub: "g-1" })).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
    act(() => callback({ credential: `header.${payload}.signature` }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe(
      "Google login failed. An account with this email already exists. Sign in with your password to link Google." +
        "Once you’re signed in, connect Google from your profile to use either way next time.",
    );
    // The message sits in the password form, whose e-mail is filled in and whose password field has focus.
    const password = screen.getByLabelText("Password");
    expect(password.closest("form")?.contains(alert)).toBe(true);
    expect((screen.getByLabelText("E-mail address") as HTMLInputElement).value).toBe("asha@example.com");
    await waitFor(() => expect(document.activeElement).toBe(password));
    expect(session.getSnapshot().status).toBe("guest");

    fireEvent.change(password, { target: { value: "Secret#123" } });
    submit();
    await waitFor(() => expect(session.getSnapshot().status).toBe("user"));
    expect(callsTo(calls, "POST", "/api/login/")[0]?.body).toEqual({ email: "asha@example.com", password: "Secret#123" });
  });

  it("keeps the e-mail field empty for that answer when the credential names no address", async () => {
    const initialize = vi.fn();
    window.google = { accounts: { id: { initialize, renderButton: vi.fn() } } };
    mockApi({
      "GET /api/config/": json(200, { google_client_id: "client-123.apps.googleusercontent.com", dev_outbox: false }),
      "POST /api/accounts/google-auth/": json(400, { error: "An account with this email already exists. Sign in with your password to link Google." }),
    });
    renderLogin();
    await waitFor(() => expect(initialize).toHaveBeenCalledTimes(1));
    const callback = initialize.mock.calls[0]?.[0].callback as (r: { credential?: string }) => void;
    act(() => callback({ credential: "not-a-jwt" }));
    expect((await screen.findByRole("alert")).textContent).toContain("Sign in with your password to link Google.");
    expect((screen.getByLabelText("E-mail address") as HTMLInputElement).value).toBe("");
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText("E-mail address")));
  });
});
