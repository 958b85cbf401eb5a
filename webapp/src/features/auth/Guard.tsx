/**
 * Who may see a screen (SPEC §2, §6), and the session's effects on the app:
 * timers, other tabs, and where logout goes.
 */
import { useEffect, useRef, type ReactNode } from "react";
import { Navigate, useLocation, useNavigate } from "react-router";
import { logoutDestination, matchRoute, type RouteAccess } from "../../lib/domain";
import { loadConfig } from "../../lib/api/config";
import { session, useSession } from "./session";

const LOGIN = "/auth/login";

/** Sends a guest to the login screen, remembering where they were going. */
function ToLogin({ remember }: { remember: string | undefined }) {
  const navigate = useNavigate();
  useEffect(() => {
    if (remember !== undefined) session.rememberRedirect(remember);
    void navigate(LOGIN, { replace: true });
  }, [navigate, remember]);
  return null;
}

/**
 * Renders a screen if the session may see it: a guest on a login-required
 * screen goes to /auth/login (the path and query remembered for after
 * login); a logged-in user on a guest-only screen goes where the login led,
 * or to `/`.
 */
export function AccessGate({ access, children }: { access: RouteAccess; children: ReactNode }) {
  const snapshot = useSession();
  const { pathname, search } = useLocation();
  if (access === "loginRequired" && snapshot.status === "guest") {
    return <ToLogin remember={snapshot.ended ? undefined : pathname + search} />;
  }
  if (access === "guestOnly" && snapshot.status === "user") {
    return <Navigate to={snapshot.arrival ?? "/"} replace />;
  }
  return <>{children}</>;
}

/**
 * Mounted once in the layout: starts the session's timers and cross-tab
 * sync, fetches the server's settings, and moves the app to the login
 * screen when the session ends (unless it is there already).
 */
export function SessionEffects() {
  const navigate = useNavigate();
  const location = useLocation();
  const snapshot = useSession();
  const here = useRef(location.pathname + location.search);
  here.current = location.pathname + location.search;

  useEffect(() => session.start(), []);

  useEffect(() => {
    void loadConfig();
  }, []);

  useEffect(
    () =>
      session.onEnd(() => {
        const destination = logoutDestination(here.current);
        if (destination !== undefined) void navigate(destination, { replace: true });
      }),
    [navigate],
  );

  useEffect(() => {
    const access = matchRoute(location.pathname)?.access;
    if (snapshot.status === "guest" && snapshot.ended && access !== "loginRequired") session.acknowledgeEnd();
    if (snapshot.status === "user" && snapshot.arrival !== undefined && access !== "guestOnly") session.clearArrival();
  }, [location.pathname, snapshot]);

  return null;
}
