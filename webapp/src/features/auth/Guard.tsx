/**
 * Who may see a screen (SPEC §2, §6), and the session's effects on the app:
 * timers, other tabs, and where logout goes.
 */
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from "react";
import { Navigate, useLocation, useNavigate } from "react-router";
import { logoutDestination, matchRoute, type RouteAccess } from "../../lib/domain";
import { loadConfig } from "../../lib/api/config";
import { fetchMe, isSuccess, userFrom } from "./api";
import { session, useSession, type User } from "../../lib/session";

/** Shown rarely: its own chunk. */
const NotAllowedPage = lazy(() => import("./NotAllowedPage"));

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

/** An account's role, as the server names it. */
export type Role = User["role"];

/**
 * Renders a screen only for the given roles (the mentor and admin
 * dashboards): a guest goes to /auth/login like on any login-required screen
 * (the path remembered); a signed-in user with another role sees the
 * not-allowed page. The role is the stored user's, checked again with
 * `GET /auth/users/me/` on arrival (a role changed since the login counts
 * at once). The server enforces roles on its own calls; this is what a
 * person sees.
 */
export function RequireRole({ roles, children }: { roles: readonly Role[]; children: ReactNode }) {
  const snapshot = useSession();
  const { pathname, search } = useLocation();
  const signedIn = snapshot.status === "user";
  // Whether the check with the server is over (either way).
  const [checked, setChecked] = useState(false);

  useEffect(() => {
    if (!signedIn) return;
    let active = true;
    fetchMe().then(
      (answer) => {
        const user = isSuccess(answer) ? userFrom(answer.body) : null;
        if (active && user) session.updateUser(user);
        if (active) setChecked(true);
      },
      () => {
        if (active) setChecked(true);
      },
    );
    return () => {
      active = false;
    };
  }, [signedIn]);

  if (snapshot.status === "guest") {
    return <ToLogin remember={snapshot.ended ? undefined : pathname + search} />;
  }
  const user = snapshot.user;
  if (user && roles.includes(user.role)) return <>{children}</>;
  // A stored user that cannot be read: wait for the server's answer.
  if (!user && !checked) return <div className="screen-loading" role="status" aria-label="Checking your access" />;
  return (
    <Suspense fallback={<div className="screen-loading" role="status" aria-label="Loading" />}>
      <NotAllowedPage roles={roles} user={user} />
    </Suspense>
  );
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
