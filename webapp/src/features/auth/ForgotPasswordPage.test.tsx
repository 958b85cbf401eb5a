import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import EmailConfirmationPage from "./EmailConfirmationPage";
import ForgotPasswordPage from "./ForgotPasswordPage";
import { callsTo, json, mockApi, pathOf, renderScreen, resetAuth, type Handler } from "../../testing";

function renderForgot() {
  return renderScreen("/auth/forgot-password", [
    { path: "/auth/forgot-password", element: <ForgotPasswordPage /> },
    { path: "/auth/email-confirmation", element: <EmailConfirmationPage /> },
  ]);
}

function send(email = "asha@example.com") {
  fireEvent.change(screen.getByLabelText("E-mail address"), { target: { value: email } });
  fireEvent.click(screen.getByRole("button", { name: "Send Reset Link" }));
}

const notGoogle = json(200, { exists: true, is_google_user: false });

beforeEach(() => resetAuth());

afterEach(() => {
  vi.unstubAllGlobals();
  resetAuth();
});

describe("the forgot-password screen", () => {
  it("sends the reset e-mail, then says so on the confirmation page", async () => {
    const calls = mockApi({ "POST /api/accounts/check-user-auth-type/": notGoogle, "POST /auth/users/reset_password/": json(204) });
    const router = renderForgot();
    send(" Asha@Example.com");
    expect(await screen.findByText("Password reset email sent successfully. Check your inbox!")).toBeTruthy();
    expect(pathOf(router)).toBe("/auth/email-confirmation");
    expect(callsTo(calls, "POST", "/api/accounts/check-user-auth-type/")[0]?.body).toEqual({ email: "asha@example.com" });
    expect(callsTo(calls, "POST", "/auth/users/reset_password/")[0]?.body).toEqual({ email: "asha@example.com" });
  });

  it("checks the address before sending anything", () => {
    const calls = mockApi({});
    renderForgot();
    send("");
    expect(screen.getByText("This field is required.")).toBeTruthy();
    send("asha@");
    expect(screen.getByText("Enter a valid email address.")).toBeTruthy();
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0);
  });

  it("treats a failed auth-type check as not Google", async () => {
    const calls = mockApi({ "POST /api/accounts/check-user-auth-type/": json(500, {}), "POST /auth/users/reset_password/": json(204) });
    renderForgot();
    send();
    await screen.findByText("Password reset email sent successfully. Check your inbox!");
    expect(callsTo(calls, "POST", "/auth/users/reset_password/")).toHaveLength(1);
  });

  it.each<[string, Response | Handler, string]>([
    ["an unknown address (400)", json(400, { email: ["User with given email does not exist."] }), "This email is not registered. Please check and try again."],
    ["another error with an e-mail message", json(500, { email: ["Could not send e-mail."] }), "Could not send e-mail."],
    ["another error without one", json(503, { detail: "Service unavailable" }), "Failed to send password reset email. Please try again."],
    ["a success that is not 204", json(200, {}), "An unexpected error occurred. Please try again."],
  ])("shows the spec's message for %s", async (_what, answer, message) => {
    mockApi({ "POST /api/accounts/check-user-auth-type/": notGoogle, "POST /auth/users/reset_password/": answer });
    const router = renderForgot();
    send();
    expect(await screen.findByText(message)).toBeTruthy();
    expect(pathOf(router)).toBe("/auth/forgot-password");
  });

  it("puts the not-registered message under the field", async () => {
    mockApi({ "POST /api/accounts/check-user-auth-type/": notGoogle, "POST /auth/users/reset_password/": json(400, { email: ["x"] }) });
    renderForgot();
    send();
    await screen.findByText("This email is not registered. Please check and try again.");
    const input = screen.getByLabelText("E-mail address");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(input.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
      "This email is not registered. Please check and try again.",
    );
  });
});

describe("a Google-created account", () => {
  function google() {
    return mockApi({ "POST /api/accounts/check-user-auth-type/": json(200, { exists: true, is_google_user: true }) });
  }

  it("gets a modal dialog instead of a reset e-mail", async () => {
    const calls = google();
    renderForgot();
    send();
    const dialog = await screen.findByRole("dialog", { name: "Google Account Detected!" });
    expect(dialog.getAttribute("aria-modal")).toBe("true");
    expect(dialog.textContent).toContain("asha@example.com");
    expect(callsTo(calls, "POST", "/auth/users/reset_password/")).toHaveLength(0);
    await waitFor(() => expect(document.activeElement?.textContent).toBe("Go to Login"));
  });

  it("keeps focus inside the dialog", async () => {
    google();
    renderForgot();
    send();
    const dialog = await screen.findByRole("dialog");
    const goToLogin = screen.getByRole("button", { name: "Go to Login" });
    const tryAgain = screen.getByRole("button", { name: "Try Again" });
    await waitFor(() => expect(document.activeElement).toBe(goToLogin));
    tryAgain.focus();
    fireEvent.keyDown(dialog, { key: "Tab" });
    expect(document.activeElement).toBe(goToLogin);
    fireEvent.keyDown(dialog, { key: "Tab", shiftKey: true });
    expect(document.activeElement).toBe(tryAgain);
  });

  it("closes on Escape and on Try Again, returning focus to the e-mail field", async () => {
    google();
    renderForgot();
    send();
    fireEvent.keyDown(await screen.findByRole("dialog"), { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText("E-mail address"));
    fireEvent.click(screen.getByRole("button", { name: "Send Reset Link" }));
    fireEvent.click(await screen.findByRole("button", { name: "Try Again" }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("Go to Login goes to the login screen", async () => {
    google();
    const router = renderForgot();
    send();
    fireEvent.click(await screen.findByRole("button", { name: "Go to Login" }));
    await waitFor(() => expect(pathOf(router)).toBe("/auth/login"));
  });
});
