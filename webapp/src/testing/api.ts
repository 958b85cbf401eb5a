/**
 * A stand-in for the API server in unit tests (the server is an outside
 * service there): `fetch` is replaced by a table of `"METHOD /path/"`
 * handlers. Imported by tests only.
 */
import { vi } from "vitest";
import { resetConfig } from "../lib/api/config";

export interface Call {
  method: string;
  /** The URL as the app passed it (with the query). */
  url: string;
  /** The path alone. */
  path: string;
  /** The JSON body parsed, the raw body when it is not JSON, or undefined. */
  body: unknown;
  headers: Headers;
}

export type Handler = (call: Call, calls: readonly Call[]) => Response | Promise<Response>;

export function json(status: number, body?: unknown, headers: Record<string, string> = {}): Response {
  if (body === undefined || status === 204) return new Response(null, { status, headers });
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });
}

/**
 * Replaces `fetch` with a table of `"METHOD /path/"` handlers (or answers,
 * handed out as copies); the query is ignored when matching. `GET
 * /api/config/` answers with `config` over the defaults, `GET /api/mentors/`
 * with an empty list and `POST /api/logout/` with 204 unless the table says
 * otherwise; unknown calls answer 404. Forgets the fetched configuration.
 * Returns the recorded calls.
 */
export function mockApi(handlers: Record<string, Handler | Response> = {}, config: Record<string, unknown> = {}): Call[] {
  resetConfig();
  const calls: Call[] = [];
  const table: Record<string, Handler> = {
    "GET /api/config/": () => json(200, { google_client_id: null, dev_outbox: false, ...config }),
    "GET /api/mentors/": () => json(200, []),
    "POST /api/logout/": () => json(204),
  };
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
    const call: Call = { method, url, path: new URL(url, "http://localhost").pathname, body, headers: new Headers(init.headers) };
    calls.push(call);
    const handler = table[`${method} ${call.path}`];
    return handler ? handler(call, calls) : json(404, { detail: "Not found." });
  });
  vi.stubGlobal("fetch", fake);
  return calls;
}

export function callsTo(calls: readonly Call[], method: string, path: string): Call[] {
  return calls.filter((c) => c.method === method && c.path === path);
}
