/**
 * The header for each role (issue 21): SPEC §2's Profile link for everyone
 * signed in, the mentor's or administrator's dashboard beside it, the count
 * of things waiting beside the dashboard it belongs to, the phone menu with
 * navigation first and Logout as a quiet last button, and the count asked
 * for again on a change of screen or a return to the tab.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { MIN_REFRESH_MS } from "../lib/attention";
import { aUser, callsTo, json, logIn, mockApi, resetAuth } from "../testing";
import { appRoutes } from "./router";

const ATTENTION = "/api/me/attention/";

function item(kind: "pay" | "answer_request", id: string) {
  return { kind, booking_id: id, deadline: "2099-01-01T10:00:00Z", start: "2099-01-02T10:00:00Z", service_title: "Career plan", with_name: "Meera Nair" };
}

function renderAt(path: string) {
  const router = createMemoryRouter(appRoutes(), { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

function header() {
  return within(screen.getByRole("banner"));
}

function mainNav() {
  return within(header().getByRole("navigation", { name: "Main" }).parentElement as HTMLElement);
}

beforeEach(() => resetAuth());

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  resetAuth();
});

describe("the header's dashboard links", () => {
  it("shows a learner Profile only", async () => {
    mockApi({ [`GET ${ATTENTION}`]: json(200, { count: 0, items: [] }) });
    logIn(aUser());
    renderAt("/contact");
    await screen.findByRole("heading", { level: 1 });
    const bar = mainNav();
    expect(bar.getByRole("link", { name: "Profile" }).getAttribute("href")).toBe("/dashboard/user");
    expect(bar.queryByRole("link", { name: /Mentor dashboard/ })).toBeNull();
    expect(bar.queryByRole("link", { name: /^Admin/ })).toBeNull();
  });

  it("adds the mentor's dashboard beside Profile for a mentor", async () => {
    mockApi({ [`GET ${ATTENTION}`]: json(200, { count: 0, items: [] }) });
    logIn(aUser({ role: "mentor", mentor_id: 3 }));
    renderAt("/contact");
    await screen.findByRole("heading", { level: 1 });
    const links = mainNav()
      .getAllByRole("link")
      .map((a) => [a.textContent, a.getAttribute("href")]);
    const profile = links.findIndex(([, href]) => href === "/dashboard/user");
    expect(links[profile]).toEqual(["Profile", "/dashboard/user"]);
    expect(links[profile + 1]).toEqual(["Mentor dashboard", "/dashboard/mentor"]);
  });

  it("adds the admin dashboard beside Profile for an administrator", async () => {
    mockApi({ [`GET ${ATTENTION}`]: json(200, { count: 0, items: [] }) });
    logIn(aUser({ role: "admin" }));
    renderAt("/contact");
    await screen.findByRole("heading", { level: 1 });
    expect(mainNav().getByRole("link", { name: "Admin" }).getAttribute("href")).toBe("/dashboard/admin");
    expect(mainNav().getByRole("link", { name: "Profile" })).toBeTruthy();
  });

  it("counts what waits beside the dashboard it belongs to, heard as 'N waiting for you'", async () => {
    mockApi({ [`GET ${ATTENTION}`]: json(200, { count: 3, items: [item("answer_request", "a"), item("answer_request", "b"), item("pay", "c")] }) });
    logIn(aUser({ role: "mentor", mentor_id: 3 }));
    renderAt("/contact");
    await screen.findByRole("heading", { level: 1 });
    const mentor = await mainNav().findByRole("link", { name: "Mentor dashboard, 2 waiting for you" });
    expect(within(mentor).getByTestId("attention-count").textContent).toBe("2");
    expect(mainNav().getByRole("link", { name: "Profile, 1 waiting for you" })).toBeTruthy();
    // On phones the menu button carries the total.
    expect(header().getByRole("button", { name: "Open menu, 3 waiting for you" })).toBeTruthy();
    expect(header().getByTestId("menu-attention-count").textContent).toBe("3");
  });

  it("shows no count to a guest and does not ask", async () => {
    const calls = mockApi({});
    renderAt("/contact");
    await screen.findByRole("heading", { level: 1 });
    expect(header().queryByTestId("attention-count")).toBeNull();
    expect(header().getByRole("button", { name: "Open menu" })).toBeTruthy();
    expect(callsTo(calls, "GET", ATTENTION)).toHaveLength(0);
  });
});

describe("the phone menu", () => {
  it("puts navigation first and Logout last, as a quiet button", async () => {
    mockApi({ [`GET ${ATTENTION}`]: json(200, { count: 1, items: [item("answer_request", "a")] }) });
    logIn(aUser({ role: "mentor", mentor_id: 3 }));
    renderAt("/contact");
    await screen.findByRole("heading", { level: 1 });
    fireEvent.click(header().getByRole("button", { name: /^Open menu/ }));
    const menu = within(header().getByRole("navigation", { name: "Mobile" }));
    const controls = Array.from(header().getByRole("navigation", { name: "Mobile" }).querySelectorAll("a, button"));
    const names = controls.map((c) => c.textContent);
    expect(names.slice(0, 5)).toEqual(["Home", "Mentors", "Contact", "Profile", "Mentor dashboard1"]);
    expect(names.at(-1)).toBe("Logout");
    const logout = menu.getByRole("button", { name: "Logout" });
    expect(logout.className).not.toMatch(/btn--primary/);
    expect(menu.getByRole("link", { name: "Mentor dashboard, 1 waiting for you" }).getAttribute("href")).toBe("/dashboard/mentor");
  });
});

describe("keeping the count fresh", () => {
  it("asks again on a change of screen and on coming back to the tab, not more than once in a few seconds", async () => {
    let now = 1_000_000;
    vi.spyOn(Date, "now").mockImplementation(() => now);
    const calls = mockApi({ [`GET ${ATTENTION}`]: json(200, { count: 0, items: [] }) });
    logIn(aUser());
    const router = renderAt("/contact");
    await waitFor(() => expect(callsTo(calls, "GET", ATTENTION)).toHaveLength(1));
    expect(callsTo(calls, "GET", ATTENTION)[0]?.headers.get("Authorization")).toBe("Bearer access-1");

    await act(async () => {
      await router.navigate("/mentors");
    });
    expect(callsTo(calls, "GET", ATTENTION)).toHaveLength(1);

    now += MIN_REFRESH_MS;
    await act(async () => {
      await router.navigate("/about");
    });
    await waitFor(() => expect(callsTo(calls, "GET", ATTENTION)).toHaveLength(2));

    now += MIN_REFRESH_MS;
    act(() => {
      window.dispatchEvent(new Event("focus"));
    });
    await waitFor(() => expect(callsTo(calls, "GET", ATTENTION)).toHaveLength(3));
  });
});
