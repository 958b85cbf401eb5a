import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { RouteObject } from "react-router";
import { logIn, mockApi, resetAuth } from "../testing";
import { routes } from "../lib/domain";
import { appRoutes } from "./router";
import { SCREENS } from "./screens";

/** Every `path` in a route tree, in order. */
function registeredPaths(tree: RouteObject[]): string[] {
  return tree.flatMap((route) => [
    ...(route.path === undefined ? [] : [route.path]),
    ...registeredPaths(route.children ?? []),
  ]);
}

describe("the app router and the domain route table", () => {
  const patterns = routes().map((r) => r.pattern);
  const paths = registeredPaths(appRoutes());

  it("registers every pattern of routes()", () => {
    expect(patterns.length).toBeGreaterThan(0);
    for (const pattern of patterns) expect(paths).toContain(pattern);
  });

  it("registers nothing else except the not-found catch-all", () => {
    expect(paths.filter((p) => p !== "*").sort()).toEqual([...patterns].sort());
    expect(paths.filter((p) => p === "*")).toHaveLength(1);
  });

  it("registers each pattern once", () => {
    expect(new Set(paths).size).toBe(paths.length);
  });

  it("has a screen for every pattern and no screen without one", () => {
    expect(Object.keys(SCREENS).sort()).toEqual([...patterns].sort());
  });
});

describe("the app in a memory router", () => {
  beforeEach(() => {
    resetAuth();
    mockApi({});
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    resetAuth();
  });

  async function renderAt(path: string) {
    const { createMemoryRouter, RouterProvider } = await import("react-router");
    const { render } = await import("@testing-library/react");
    const router = createMemoryRouter(appRoutes(), { initialEntries: [path] });
    return render(<RouterProvider router={router} />);
  }

  it("shows the not-found page for a path outside the table", async () => {
    const view = await renderAt("/no-such-page");
    expect(view.getByRole("heading", { level: 1 }).textContent).toBe("Page Not Found");
  });

  it("shows the not-found page for a mentor path without an id", async () => {
    const view = await renderAt("/mentors/asha");
    expect(view.getByRole("heading", { level: 1 }).textContent).toBe("Page Not Found");
  });

  it("shows a login-only screen with header and footer", async () => {
    logIn();
    const view = await renderAt("/my-bookings");
    expect((await view.findByRole("heading", { level: 1 })).textContent).toBe("My bookings");
    expect(view.container.querySelector(".site-header")).not.toBeNull();
    expect(view.container.querySelector(".site-footer")).not.toBeNull();
  });

  it("hides header and footer on /complete-profile", async () => {
    logIn();
    const view = await renderAt("/complete-profile");
    expect((await view.findByRole("heading", { level: 1 })).textContent).toBe("Complete your profile");
    expect(view.container.querySelector(".site-header")).toBeNull();
    expect(view.container.querySelector(".site-footer")).toBeNull();
  });
});
