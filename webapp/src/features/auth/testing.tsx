/**
 * Test helpers for the account feature: a stand-in for the API server (the
 * server is an outside service for unit tests) and a logged-in session.
 * Imported by tests only.
 */
import { vi } from "vitest";
import { render } from "@testing-library/react";
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from "react-router";
import { resetConfig } from "./config";
import { session, type User } from "./session";

export interface Call {
  method: string;
  url: string;
  body: unknown;
  headers: Headers;
}

export type Handler = (call: Call, calls: readonly Call[]) => Response | Promise<Response>;

export function json(status: number, body?: unknown, headers: Record<string, string> = {}): Response {
  if (body === undefined || status === 204) return new Response(null, { status, headers });
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });
}

const DEFAULTS: Record<string, Handler> = {
  "GET /api/config/": () => json(200, { google_client_id: null, dev_outbox: true }),
  "GET /api/mentors/": () => json(200, []),
  "POST /api/logout/": () => json(204),
};

/**
 * Replaces `fetch` with a table of `"METHOD /path/"` handlers (the query is
 * ignored when matching). Unknown calls answer 404. Returns the recorded calls.
 */
export function mockApi(handlers: Record<string, Handler | Response>): Call[] {
  const calls: Call[] = [];
  const table: Record<string, Handler> = { ...DEFAULTS };
  for (const [key, value] of Object.entries(handlers)) table[key] = value instanceof Response ? () => value.clone() : value;
  const fake = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const method = (init.method ?? "GET").toUpperCase();
    let body: unknown = undefined;
    if (typeof init.body === "string") {
      try {
        body = JSON.parse(init.body);
      } catch {
        body = init.body;
      }
    }
    const call: Call = { method, url, body, headers: new Headers(init.headers) };
    calls.push(call);
    const path = new URL(url, "http://localhost").pathname;
    const handler = table[`${method} ${path}`];
    return handler ? handler(call, calls) : json(404, { detail: "Not found." });
  });
  vi.stubGlobal("fetch", fake);
  return calls;
}

export function callsTo(calls: readonly Call[], method: string, path: string): Call[] {
  return calls.filter((c) => c.method === method && new URL(c.url, "http://localhost").pathname === path);
}

export function aUser(overrides: Partial<User> = {}): User {
  return {
    id: 7,
    email: "asha@example.com",
    name: "Asha Rao",
    role: "user",
    is_google_user: false,
    contact_number: "+919876543210",
    profile_complete: true,
    requires_contact_number: false,
    mentor_id: null,
    date_joined: "2026-01-01T00:00:00Z",
    ...overrides,
  };
}

/** Starts a session as a login would, and returns where it leads. */
export function logIn(user: User = aUser(), tokens = { access: "access-1", refresh: "refresh-1" }): string {
  return session.signIn({ access: tokens.access, refresh: tokens.refresh, user });
}

/** A clean slate: no stored session, no fetched settings, no stubs. */
export function resetAuth(): void {
  localStorage.clear();
  sessionStorage.clear();
  session.reload();
  session.acknowledgeEnd();
  resetConfig();
}

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
