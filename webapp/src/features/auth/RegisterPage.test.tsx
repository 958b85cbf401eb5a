import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import EmailConfirmationPage from "./EmailConfirmationPage";
import RegisterPage from "./RegisterPage";
import { callsTo, json, mockApi, pathOf, renderScreen, resetAuth } from "../../testing";

function renderRegister() {
  return renderScreen("/auth/register", [
    { path: "/auth/register", element: <RegisterPage /> },
    { path: "/auth/email-confirmation", element: <EmailConfirmationPage /> },
  ]);
}

function type(label: string | RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function fillValid() {
  type("Full name", "  Asha   Rao ");
  type("E-mail address", "Asha@Example.com");
  type("Password", "Secret#123");
  type("Confirm password", "Secret#123");
}

function submit() {
  fireEvent.click(screen.getByRole("button", { name: "Create Account" }));
}

beforeEach(() => resetAuth());

afterEach(() => {
  vi.unstubAllGlobals();
  resetAuth();
});

describe("the register screen", () => {
  it("shows the strength meter from the domain's passwordStrength", () => {
    mockApi({});
    renderRegister();
    type("Password", "abc");
    expect(screen.getByTestId("strength-label").textContent).toBe("very weak");
    type("Password", "Abcdefgh");
    expect(screen.getByTestId("strength-label").textContent).toBe("medium");
    type("Password", "Abcdefg1!");
    expect(screen.getByTestId("strength-label").textContent).toBe("very strong");
  });

  it("says inline that the passwords don't match, and blocks a weak or mismatched submit", () => {
    const calls = mockApi({});
    renderRegister();
    fillValid();
    type("Confirm password", "Secret#12");
    expect(screen.getByText("Passwords don't match")).toBeTruthy();
    submit();
    expect(screen.getByText("Passwords do not match.")).toBeTruthy();
    type("Password", "weak");
    type("Confirm password", "weak");
    submit();
    expect(screen.getByText("Please use a stronger password.")).toBeTruthy();
    expect(screen.getByLabelText("Password").getAttribute("aria-invalid")).toBe("true");
    expect(callsTo(calls, "POST", "/auth/users/")).toHaveLength(0);
  });

  it("refuses a common or 7-character password under the field, while the meter still scores it", () => {
    const calls = mockApi({});
    renderRegister();
    fillValid();
    type("Password", "Password1234");
    type("Confirm password", "Password1234");
    expect(screen.getByTestId("strength-label").textContent).toBe("strong");
    submit();
    const common = screen.getByText("This password is one of the most common. Please choose one that is harder to guess.");
    const field = screen.getByLabelText("Password");
    expect(field.getAttribute("aria-invalid")).toBe("true");
    expect(field.getAttribute("aria-describedby")?.split(" ")).toContain(common.closest("[id]")?.id);
    type("Password", "Ab1!xyz");
    type("Confirm password", "Ab1!xyz");
    expect(screen.getByTestId("strength-label").textContent).toBe("strong");
    submit();
    expect(screen.getByText("Please use at least 8 characters.")).toBeTruthy();
    expect(callsTo(calls, "POST", "/auth/users/")).toHaveLength(0);
  });

  it("checks name, e-mail and an optional contact number with the domain's rules", () => {
    mockApi({});
    renderRegister();
    submit();
    expect(screen.getAllByText("This field is required.")).toHaveLength(2);
    type(/^Contact number/, "12345");
    submit();
    expect(screen.getByText("Enter a valid phone number with its country code, e.g. +91 98765 43210.")).toBeTruthy();
  });

  it("sends tidy values and then asks to check the inbox for the activation link", async () => {
    const calls = mockApi({ "POST /auth/users/": json(201, { id: 9, email: "asha@example.com", name: "Asha Rao" }) });
    const router = renderRegister();
    fillValid();
    type(/^Contact number/, "098765 43210");
    submit();
    expect(await screen.findByRole("heading", { level: 1, name: "Check your inbox" })).toBeTruthy();
    expect(pathOf(router)).toBe("/auth/email-confirmation");
    expect(screen.getByTestId("confirmation-message").textContent).toContain("activation link to asha@example.com");
    expect(callsTo(calls, "POST", "/auth/users/")[0]?.body).toEqual({
      name: "Asha Rao",
      email: "asha@example.com",
      password: "Secret#123",
      re_password: "Secret#123",
      contact_number: "+919876543210",
      // The browser's zone (the tests run in UTC).
      time_zone: "UTC",
    });
  });

  it("shows the server's first message under each field", async () => {
    mockApi({
      "POST /auth/users/": json(400, {
        email: ["A user with this email already exists."],
        password: ["This password is too common.", "Another."],
      }),
    });
    renderRegister();
    fillValid();
    submit();
    expect(await screen.findByText("A user with this email already exists.")).toBeTruthy();
    expect(screen.getByText("This password is too common.")).toBeTruthy();
    expect(screen.queryByText("Another.")).toBeNull();
    expect(screen.getByRole("alert").textContent).toBe("Please fix the errors above.");
    expect(screen.getByLabelText("E-mail address").getAttribute("aria-invalid")).toBe("true");
  });

  it("shows the server's message when rate limited", async () => {
    mockApi({ "POST /auth/users/": json(429, { detail: "Too many attempts. Please try again in 10 minutes." }) });
    renderRegister();
    fillValid();
    submit();
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("Too many attempts. Please try again in 10 minutes."));
  });
});
