/**
 * Test helpers for the static pages: render a page inside a memory router,
 * stand in for the API (an outside service for unit tests), and check the
 * heading outline. Imported by tests only.
 */
import { vi } from "vitest";
import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { resetSupportEmail } from "./useSupportEmail";

export interface Call {
  method: string;
  path: string;
  body: unknown;
}

export function json(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json" },
  });
}

/**
 * Replaces `fetch` with a table of `"METHOD /path/"` answers. `GET
 * /api/config/` answers with `config` unless the table says otherwise;
 * unknown calls answer 404. Returns the recorded calls.
 */
export function mockApi(table: Record<string, (call: Call) => Response | Promise<Response>> = {}, config: Record<string, unknown> = {}): Call[] {
  resetSupportEmail();
  const calls: Call[] = [];
  const handlers: Record<string, (call: Call) => Response | Promise<Response>> = {
    "GET /api/config/": () => json(200, { google_client_id: null, dev_outbox: false, ...config }),
    ...table,
  };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
      const method = (init.method ?? "GET").toUpperCase();
      const body = typeof init.body === "string" ? (JSON.parse(init.body) as unknown) : undefined;
      const call: Call = { method, path: new URL(url, "http://localhost").pathname, body };
      calls.push(call);
      const handler = handlers[`${method} ${call.path}`];
      return handler ? handler(call) : json(404, { detail: "Not found." });
    }),
  );
  return calls;
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
