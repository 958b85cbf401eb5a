/**
 * The mentor and admin dashboards are for their roles only (issue 10): a
 * guest goes to login with the path remembered, another role sees the
 * not-allowed page, the right role sees the dashboard.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { render, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { session } from "../lib/session";
import { aUser, json, logIn, mockApi, resetAuth, skippedHeadingLevels } from "../testing";
import { appRoutes } from "./router";

function renderAt(path: string) {
  const router = createMemoryRouter(appRoutes(), { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

function here(router: ReturnType<typeof renderAt>): string {
  return router.state.location.pathname + router.state.location.search;
}

const NOT_ALLOWED = "You don’t have access to this page";

beforeEach(() => resetAuth());

afterEach(() => {
  vi.unstubAllGlobals();
  resetAuth();
});

const dashboards = [
  { path: "/dashboard/mentor", role: "mentor", heading: "Mentor dashboard", forWhom: "mentor", other: "admin" },
  { path: "/dashboard/admin", role: "admin", heading: "Admin dashboard", forWhom: "administrator", other: "mentor" },
] as const;

for (const { path, role, heading, forWhom, other } of dashboards) {
  describe(path, () => {
    it("sends a guest to login and remembers the page", async () => {
      mockApi({});
      const router = renderAt(`${path}?tab=new`);
      await waitFor(() => expect(here(router)).toBe("/auth/login"));
      expect(localStorage.getItem("redirectPath")).toBe(`${path}?tab=new`);
      expect(screen.queryByText(NOT_ALLOWED)).toBeNull();
    });

    it("shows a learner the not-allowed page, with a way to their own dashboard", async () => {
      const learner = aUser({ name: "Asha Rao", role: "user" });
      mockApi({ "GET /auth/users/me/": json(200, learner) });
      logIn(learner);
      const router = renderAt(path);
      const page = within(await screen.findByTestId("not-allowed"));
      expect(page.getByRole("heading", { level: 1 }).textContent).toBe(NOT_ALLOWED);
      expect(page.getByTestId("not-allowed-reason").textContent).toBe(
        `This page is for ${forWhom} accounts only. You’re signed in as Asha Rao with a learner account.`,
      );
      expect(page.getByRole("link", { name: "Go to your dashboard" }).getAttribute("href")).toBe("/dashboard/user");
      expect(page.getByRole("link", { name: "Back to home" }).getAttribute("href")).toBe("/");
      expect(page.getByRole("link", { name: "Contact support" }).getAttribute("href")).toBe("/contact");
      await waitFor(() => expect(document.title).toBe("Access Denied · MentorBridge"));
      expect(screen.queryByRole("heading", { name: heading })).toBeNull();
      expect(skippedHeadingLevels()).toEqual([]);
      expect(here(router)).toBe(path);
    });

    it(`shows the not-allowed page to ${other === "admin" ? "an administrator" : "a mentor"} too`, async () => {
      const user = aUser({ role: other });
      mockApi({ "GET /auth/users/me/": json(200, user) });
      logIn(user);
      renderAt(path);
      const page = within(await screen.findByTestId("not-allowed"));
      expect(page.getByRole("link", { name: "Go to your dashboard" }).getAttribute("href")).toBe(`/dashboard/${other}`);
      expect(page.queryByRole("link", { name: "Apply to become a mentor" })).toBeNull();
    });

    it(`shows the dashboard to ${role === "admin" ? "an administrator" : "a mentor"}`, async () => {
      const user = aUser({ role });
      mockApi({ "GET /auth/users/me/": json(200, user) });
      logIn(user);
      renderAt(path);
      expect(await screen.findByRole("heading", { level: 1, name: heading })).toBeTruthy();
      expect(screen.queryByTestId("not-allowed")).toBeNull();
    });

    it("goes by the role the server gives now, not the one stored at login", async () => {
      mockApi({ "GET /auth/users/me/": json(200, aUser({ role })) });
      logIn(aUser({ role: "user" }));
      renderAt(path);
      await screen.findByTestId("not-allowed");
      expect(await screen.findByRole("heading", { level: 1, name: heading })).toBeTruthy();
    });
  });
}

it("offers a learner on the mentor dashboard the way to become a mentor", async () => {
  mockApi({ "GET /auth/users/me/": json(200, aUser()) });
  logIn(aUser());
  renderAt("/dashboard/mentor");
  const page = within(await screen.findByTestId("not-allowed"));
  expect(page.getByRole("link", { name: "Apply to become a mentor" }).getAttribute("href")).toBe("/become-mentor");
});

it("shows an administrator the mentor applications queue on the admin dashboard", async () => {
  const admin = aUser({ role: "admin" });
  mockApi({ "GET /auth/users/me/": json(200, admin), "GET /api/admin/mentor-applications/": json(200, []) });
  logIn(admin);
  renderAt("/dashboard/admin");
  expect(await screen.findByRole("heading", { level: 2, name: "Mentor applications" })).toBeTruthy();
  expect(await screen.findByText("No applications are waiting. You’re all caught up.")).toBeTruthy();
  expect(screen.queryByText("This page is coming soon.")).toBeNull();
});

it("waits for the server when the stored user cannot be read", async () => {
  mockApi({ "GET /auth/users/me/": json(200, aUser({ role: "admin" })) });
  logIn(aUser());
  localStorage.setItem("user", "not json");
  session.reload();
  renderAt("/dashboard/admin");
  expect(screen.getByRole("status", { name: "Checking your access" })).toBeTruthy();
  expect(await screen.findByRole("heading", { level: 1, name: "Admin dashboard" })).toBeTruthy();
});

it("is not allowed when neither the stored user nor the server says the role", async () => {
  mockApi({ "GET /auth/users/me/": json(500, {}) });
  logIn(aUser());
  localStorage.setItem("user", "not json");
  session.reload();
  renderAt("/dashboard/admin");
  const page = within(await screen.findByTestId("not-allowed"));
  expect(page.getByTestId("not-allowed-reason").textContent).toBe("This page is for administrator accounts only.");
  expect(page.queryByRole("link", { name: "Go to your dashboard" })).toBeNull();
  expect(page.getByRole("link", { name: "Back to home" })).toBeTruthy();
});

it("shows the user dashboard to every role", async () => {
  mockApi({ "GET /auth/users/me/": json(200, aUser({ role: "admin" })) });
  logIn(aUser({ role: "admin" }));
  renderAt("/dashboard/user");
  expect(await screen.findByRole("heading", { level: 1, name: "Your dashboard" })).toBeTruthy();
});
