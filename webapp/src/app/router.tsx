import { createBrowserRouter, useLocation, type RouteObject } from "react-router";
import { AccessGate } from "../features/auth";
import { NotFoundPage } from "../components/NotFoundPage";
import { matchRoute, routes, type RouteAccess } from "../lib/domain";
import { RouteErrorScreen } from "./ErrorScreen";
import { Layout } from "./Layout";
import { SCREENS } from "./screens";

/** Data carried by every screen route; read with `useMatches()`. */
export interface ScreenHandle {
  pattern: string;
  access: RouteAccess;
  title: string;
}

/**
 * Renders a screen only when the domain's route table agrees the path is that
 * screen. React Router's `:idSlug` accepts any segment; the table accepts only
 * `{id}-{slug}`, exactly as the server does when it answers 404. Then the
 * login guard decides who may see it (SPEC §2, §6).
 */
function ScreenGate({ pattern, access }: { pattern: string; access: RouteAccess }) {
  const { pathname } = useLocation();
  const screen = SCREENS[pattern];
  if (!screen || matchRoute(pathname)?.pattern !== pattern) return <NotFoundPage />;
  return <AccessGate access={access}>{screen.render()}</AccessGate>;
}

function screenRoutes(): RouteObject[] {
  return routes().map(({ pattern, access }) => {
    const screen = SCREENS[pattern];
    if (!screen) throw new Error(`No screen for route ${pattern}: add it to SCREENS`);
    const handle: ScreenHandle = { pattern, access, title: screen.title };
    return { path: pattern, element: <ScreenGate pattern={pattern} access={access} />, handle };
  });
}

/** The app's route tree: one layout, a screen per domain route, a not-found catch-all. */
export function appRoutes(): RouteObject[] {
  return [
    {
      element: <Layout />,
      errorElement: <RouteErrorScreen />,
      children: [...screenRoutes(), { path: "*", element: <NotFoundPage /> }],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(appRoutes());
}
