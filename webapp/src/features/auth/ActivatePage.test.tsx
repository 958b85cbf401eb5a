import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, screen } from "@testing-library/react";
import ActivatePage from "./ActivatePage";
import { callsTo, json, mockApi, pathOf, renderScreen, resetAuth, useFakeClock } from "../../testing";

function renderActivate() {
  return renderScreen("/activate/MTI/abc-123", [{ path: "/activate/:uid/:token", element: <ActivatePage /> }]);
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

describe("the activation screen", () => {
  it("has one Verify Account button and links to support and to resend the e-mail", () => {
    mockApi({});
    renderActivate();
    expect(screen.getAllByRole("button")).toHaveLength(1);
    expect(screen.getByRole("button", { name: "Verify Account" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Contact support" }).getAttribute("href")).toBe("/contact");
    expect(screen.getByRole("link", { name: "resend the verification e-mail" }).getAttribute("href")).toBe("/auth/resend-verification");
  });

  it("verifies with the link's uid and token, says so, and goes to login after 3 seconds", async () => {
    const calls = mockApi({ "POST /auth/users/activation/": json(204) });
    const router = renderActivate();
    fireEvent.click(screen.getByRole("button", { name: "Verify Account" }));
    expect((await screen.findByRole("status")).textContent).toBe("Account verified successfully! Redirecting to login...");
    expect(callsTo(calls, "POST", "/auth/users/activation/")[0]?.body).toEqual({ uid: "MTI", token: "abc-123" });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2_999);
    });
    expect(pathOf(router)).toBe("/activate/MTI/abc-123");
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(pathOf(router)).toBe("/auth/login");
  });

  it.each([
    ["an account already active", json(403, { detail: "Stale token for given user." })],
    ["a bad token", json(400, { token: ["Invalid token for given user."] })],
    ["a bad uid", json(400, { uid: ["Invalid user id or user doesn't exist."] })],
  ])("shows the spec's failure message for %s", async (_what, answer) => {
    mockApi({ "POST /auth/users/activation/": answer });
    const router = renderActivate();
    fireEvent.click(screen.getByRole("button", { name: "Verify Account" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Activation failed. Account already verified try login or invalid link. Please try again or contact support.",
    );
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5_000);
    });
    expect(pathOf(router)).toBe("/activate/MTI/abc-123");
  });
});
