/** Rendering screens in a memory router, and checking what they render. Imported by tests only. */
import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from "react-router";

/**
 * Renders one screen at `path` in a memory router, with the screens it may
 * go to; any other destination shows a marker with the path.
 */
export function renderScreen(path: string, routes: RouteObject[]) {
  const router = createMemoryRouter([...routes, { path: "*", element: <Elsewhere /> }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

function Elsewhere() {
  const location = useLocation();
  return <p data-testid="elsewhere">{location.pathname}</p>;
}

/** The path a memory router is at, with the query. */
export function pathOf(router: ReturnType<typeof renderScreen>): string {
  return router.state.location.pathname + router.state.location.search;
}

/** Renders `element` at `path` (with query and hash) inside a memory router. */
export function renderAt(path: string, element: ReactElement, pattern?: string) {
  const router = createMemoryRouter(
    [
      { path: pattern ?? path.split(/[?#]/)[0] ?? "/", element },
      { path: "*", element: <p>elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  return { router, ...render(<RouterProvider router={router} />) };
}

/** Heading levels in document order; a jump of more than one level down is a skipped level. */
export function skippedHeadingLevels(root: ParentNode = document.body): string[] {
  const headings = Array.from(root.querySelectorAll<HTMLElement>("h1, h2, h3, h4, h5, h6"));
  const problems: string[] = [];
  let previous = 0;
  for (const h of headings) {
    const level = Number(h.tagName.slice(1));
    if (level > previous + 1) problems.push(`h${level} "${h.textContent ?? ""}" after h${previous}`);
    previous = level;
  }
  return problems;
}
