/**
 * The refund policy's money rules (issue 13): the partial refund's share and
 * the proportional rule for what a refund takes back, stated from the
 * figures `facts.test.ts` holds equal to the crate's, and asking from the
 * booking page.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import { mockApi, renderAt } from "../../testing";
import { REFUND_POLICY } from "../../lib/facts";
import RefundPage from "./RefundPage";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the refund policy's money rules", () => {
  it("states the partial refund's share, from the published figure", () => {
    mockApi();
    renderAt("/refund", <RefundPage />);
    expect(REFUND_POLICY.partialPercent).toBe(50);
    const partial = screen.getByTestId("partial-refund").textContent ?? "";
    expect(partial).toMatch(/within 48 hours of it, you may ask for a partial refund of 50% of what you paid, within 7 days of the session\./);
    expect(screen.getByRole("list", { name: "Refund policy at a glance" }).textContent).toContain("50% back after feedback within 48 hours");
  });

  it("states the proportional rule: commission and mentor's earnings come back in the payment's split", () => {
    mockApi();
    renderAt("/refund", <RefundPage />);
    const split = screen.getByTestId("refund-split").textContent ?? "";
    expect(split).toMatch(/in the same proportion as the payment was split between them/);
    expect(split).toMatch(/refunds that add up to the whole payment take\s+back exactly its commission/);
  });

  it("names the cases refunded in full without review, and where to ask", () => {
    mockApi();
    renderAt("/refund", <RefundPage />);
    const automatic = within(screen.getByTestId("automatic-refunds"));
    expect(automatic.getAllByRole("listitem")).toHaveLength(4);
    const process = screen.getAllByTestId("policy-section")[2] as HTMLElement;
    expect(within(process).getByRole("link", { name: "Go to My Bookings" }).getAttribute("href")).toBe("/my-bookings");
  });
});
