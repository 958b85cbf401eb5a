import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, screen } from "@testing-library/react";
import ResetPasswordPage from "./ResetPasswordPage";
import { callsTo, json, mockApi, pathOf, renderScreen, resetAuth, useFakeClock } from "../../testing";

function renderReset() {
  return renderScreen("/password/reset/confirm/MTI/tok-1", [{ path: "/password/reset/confirm/:uid/:token", element: <ResetPasswordPage /> }]);
}

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function submit() {
  fireEvent.click(screen.getByRole("button", { name: "Reset Password" }));
}

beforeEach(() => {
  resetAuth();
  useFakeClock();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  resetAuth();
});

describe("the reset-password screen", () => {
  it("has the new and confirm fields and a strength meter", () => {
    mockApi({});
    renderReset();
    type("New password", "abcdefgh");
    expect(screen.getByTestId("strength-label").textContent).toBe("weak");
    expect(screen.getByTestId("strength-meter").getAttribute("data-score")).toBe("1");
    expect(screen.getByLabelText("New password").getAttribute("aria-describedby")).toBeTruthy();
  });

  it("says inline when the confirmation differs and blocks the submit with the domain's messages", () => {
    const calls = mockApi({});
    renderReset();
    type("New password", "Secret#123");
    type("Confirm new password", "Secret#12");
    expect(screen.getByText("Passwords don't match")).toBeTruthy();
    submit();
    expect(screen.getByText("Passwords do not match.")).toBeTruthy();
    type("New password", "secret");
    type("Confirm new password", "secret");
    submit();
    expect(screen.getByText("Please use a stronger password.")).toBeTruthy();
    expect(callsTo(calls, "POST", "/auth/users/reset_password_confirm/")).toHaveLength(0);
  });

  it("refuses a common or 7-character password under the new-password field", () => {
    const calls = mockApi({});
    renderReset();
    type("New password", "Qwerty123");
    type("Confirm new password", "Qwerty123");
    expect(screen.getByTestId("strength-label").textContent).toBe("strong");
    submit();
    expect(screen.getByText("This password is one of the most common. Please choose one that is harder to guess.")).toBeTruthy();
    expect(screen.getByLabelText("New password").getAttribute("aria-invalid")).toBe("true");
    type("New password", "Ab1!xyz");
    type("Confirm new password", "Ab1!xyz");
    submit();
    expect(screen.getByText("Please use at least 8 characters.")).toBeTruthy();
    expect(callsTo(calls, "POST", "/auth/users/reset_password_confirm/")).toHaveLength(0);
  });

  it("sets the password, celebrates, and goes to login after 3 seconds", async () => {
    const calls = mockApi({ "POST /auth/users/reset_password_confirm/": json(204) });
    const router = renderReset();
    type("New password", "Secret#123");
    type("Confirm new password", "Secret#123");
    submit();
    expect(await screen.findByRole("heading", { level: 1, name: "Password Reset Successful!" })).toBeTruthy();
    expect(callsTo(calls, "POST", "/auth/users/reset_password_confirm/")[0]?.body).toEqual({
      uid: "MTI",
      token: "tok-1",
      new_password: "Secret#123",
      re_new_password: "Secret#123",
    });
    // The fake clock moves only when the test moves it: exact to the millisecond.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2_999);
    });
    expect(pathOf(router)).toBe("/password/reset/confirm/MTI/tok-1");
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(pathOf(router)).toBe("/auth/login");
  });

  it("says the link may have expired when the token is refused", async () => {
    mockApi({ "POST /auth/users/reset_password_confirm/": json(400, { token: ["Invalid token for given user."] }) });
    renderReset();
    type("New password", "Secret#123");
    type("Confirm new password", "Secret#123");
    submit();
    expect(await screen.findByText("Failed to reset password. The link may have expired.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Request a new link" }).getAttribute("href")).toBe("/auth/forgot-password");
  });

  it("shows a password the server refuses under the field", async () => {
    mockApi({ "POST /auth/users/reset_password_confirm/": json(400, { new_password: ["This password is too common."] }) });
    renderReset();
    type("New password", "Password1!");
    type("Confirm new password", "Password1!");
    submit();
    expect(await screen.findByText("This password is too common.")).toBeTruthy();
    expect(screen.getByLabelText("New password").getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByRole("alert").textContent).toBe("Please fix the errors above.");
  });
});
