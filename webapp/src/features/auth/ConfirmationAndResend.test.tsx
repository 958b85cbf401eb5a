import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import EmailConfirmationPage from "./EmailConfirmationPage";
import ResendVerificationPage from "./ResendVerificationPage";
import { callsTo, json, mockApi, pathOf, renderScreen, resetAuth } from "../../testing";

beforeEach(() => resetAuth());

afterEach(() => {
  vi.unstubAllGlobals();
  resetAuth();
});

describe("the e-mail confirmation page", () => {
  function renderWith(entry: string | { pathname: string; search?: string; state?: unknown }) {
    const router = createMemoryRouter([{ path: "/auth/email-confirmation", element: <EmailConfirmationPage /> }], { initialEntries: [entry] });
    render(<RouterProvider router={router} />);
  }

  it("falls back to Confirmation, a generic message and Go to Home, with links home and to login", () => {
    renderWith("/auth/email-confirmation");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Confirmation");
    expect(screen.getByTestId("confirmation-message").textContent).toBe("All done! Your request was completed successfully.");
    expect(screen.getByRole("link", { name: "Go to Home" }).getAttribute("href")).toBe("/");
    expect(screen.getByRole("link", { name: "Go to sign in" }).getAttribute("href")).toBe("/auth/login");
  });

  it("takes title, message and button text from the query", () => {
    renderWith("/auth/email-confirmation?title=Almost%20there&message=Check%20your%20e-mail.&buttonText=Home");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Almost there");
    expect(screen.getByTestId("confirmation-message").textContent).toBe("Check your e-mail.");
    expect(screen.getByRole("link", { name: "Home" })).toBeTruthy();
  });

  it("prefers the router state to the query", () => {
    renderWith({ pathname: "/auth/email-confirmation", search: "?title=From%20query", state: { title: "From state" } });
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("From state");
  });
});

describe("the resend-verification screen", () => {
  function renderResend() {
    return renderScreen("/auth/resend-verification", [
      { path: "/auth/resend-verification", element: <ResendVerificationPage /> },
      { path: "/auth/email-confirmation", element: <EmailConfirmationPage /> },
    ]);
  }

  function send(email: string) {
    fireEvent.change(screen.getByLabelText("E-mail address"), { target: { value: email } });
    fireEvent.click(screen.getByRole("button", { name: "Resend Verification Link" }));
  }

  it("requires an e-mail address", () => {
    const calls = mockApi({});
    renderResend();
    send("  ");
    expect(screen.getByText("Email is required!")).toBeTruthy();
    expect(screen.getByLabelText("E-mail address").getAttribute("aria-invalid")).toBe("true");
    expect(callsTo(calls, "POST", "/auth/users/resend_activation/")).toHaveLength(0);
  });

  it("sends the link and says so on the confirmation page", async () => {
    const calls = mockApi({ "POST /auth/users/resend_activation/": json(204) });
    const router = renderResend();
    send("Asha@Example.com");
    expect(await screen.findByText("Verification link has been successfully sent to your email!")).toBeTruthy();
    expect(pathOf(router)).toBe("/auth/email-confirmation");
    expect(callsTo(calls, "POST", "/auth/users/resend_activation/")[0]?.body).toEqual({ email: "asha@example.com" });
  });

  it("shows the server's field error under the field", async () => {
    mockApi({ "POST /auth/users/resend_activation/": json(400, { email: ["Enter a valid email address."] }) });
    renderResend();
    send("asha@example.com");
    expect(await screen.findByText("Enter a valid email address.")).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toBe("Please fix the errors above.");
  });

  it("says an unexpected error occurred otherwise", async () => {
    mockApi({ "POST /auth/users/resend_activation/": json(500, { detail: "boom" }) });
    renderResend();
    send("asha@example.com");
    expect((await screen.findByRole("alert")).textContent).toBe("An unexpected error occurred. Please try again.");
  });
});
