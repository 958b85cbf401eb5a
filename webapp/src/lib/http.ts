/**
 * The one HTTP client for authorised calls (SPEC §4, §6).
 *
 * Every call gets `Authorization: Bearer <access token>`. What happens to the
 * answer is the domain module's decision (`afterResponse`, `afterRefresh`):
 * a first 401 refreshes the token and repeats the call once; a failed
 * refresh, a 401 on the repeated call, or any 403 ends the session. This file
 * only sends, waits and follows those decisions.
 *
 * The session itself (where tokens live, how a refresh is made, what logout
 * does) is not known here: the session store binds itself with
 * `bindSession`, so this module depends on no feature. The mentor list is not
 * fetched through here: it is public and sent without authorisation.
 */
import { afterRefresh, afterResponse } from "./domain";

/** What the client needs of the logged-in session. */
export interface SessionPort {
  /** The current access token, or null for a guest. */
  accessToken(): string | null;
  /**
   * Gets a new access token. `rejected` is the token the server refused; when
   * another caller already replaced it, no new refresh is needed. Resolves to
   * whether a usable token is now in place; never rejects.
   */
  refreshAccess(rejected: string | null): Promise<boolean>;
  /** Ends the session (forced logout). */
  endSession(): void;
}

/** Thrown to the caller whose call ended the session: the app is already leaving the screen. */
export class SessionEndedError extends Error {
  readonly status: number;
  constructor(status: number) {
    super(status === 403 ? "You are not allowed to do this. Please sign in again." : "Your session has ended. Please sign in again.");
    this.name = "SessionEndedError";
    this.status = status;
  }
}

export interface RequestOptions {
  method?: string;
  /** A JSON body; serialised again for the repeated call. */
  json?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export interface HttpClient {
  /**
   * Sends an authorised call and returns its answer. Rejects with
   * `SessionEndedError` when the answer ended the session, and with the
   * network error when nothing came back.
   */
  request(path: string, options?: RequestOptions): Promise<Response>;
}

type Fetch = typeof fetch;

function init(token: string | null, options: RequestOptions): RequestInit {
  const headers: Record<string, string> = { Accept: "application/json", ...options.headers };
  if (options.json !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers["Authorization"] = `Bearer ${token}`;
  const request: RequestInit = {
    method: options.method ?? (options.json === undefined ? "GET" : "POST"),
    headers,
    credentials: "same-origin",
  };
  if (options.json !== undefined) request.body = JSON.stringify(options.json);
  if (options.signal) request.signal = options.signal;
  return request;
}

/** A client bound to a session; `fetchImpl` is read at call time (tests stub the global). */
export function createHttpClient(session: () => SessionPort | undefined, fetchImpl: () => Fetch = () => fetch): HttpClient {
  async function send(path: string, options: RequestOptions, retried: boolean): Promise<Response> {
    const port = session();
    const token = port?.accessToken() ?? null;
    const response = await fetchImpl()(path, init(token, options));
    switch (afterResponse(response.status, retried)) {
      case "proceed":
        return response;
      case "refreshAndRetry": {
        const refreshed = port ? await port.refreshAccess(token) : false;
        if (afterRefresh(refreshed) === "retry") return send(path, options, true);
        port?.endSession();
        throw new SessionEndedError(response.status);
      }
      case "logout":
        port?.endSession();
        throw new SessionEndedError(response.status);
    }
  }
  return { request: (path, options = {}) => send(path, options, false) };
}

let bound: SessionPort | undefined;

/** Called once by the session store; later calls replace the session (tests). */
export function bindSession(port: SessionPort | undefined): void {
  bound = port;
}

/** The app's authorised client. */
export const http: HttpClient = createHttpClient(() => bound);
