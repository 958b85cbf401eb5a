/**
 * The one web API client: every call the app makes, public or authorised,
 * goes through `send` (SPEC §4, §6, §7).
 *
 * - Every call has a timeout (`timeoutMs`, default `DEFAULT_TIMEOUT_MS`).
 * - The answer is read once, in full: status, the raw text and the parsed
 *   JSON body (`null` when the body is empty or not JSON). Reading field and
 *   `detail` errors out of it is `./errors`'s job.
 * - A call sent with `authorised: true` carries `Authorization: Bearer
 *   <access token>`; what happens to its answer is the domain module's
 *   decision (`afterResponse`, `afterRefresh`): a first 401 refreshes the
 *   token and repeats the call once; a failed refresh, a 401 on the repeated
 *   call, or any 403 ends the session (`SessionEndedError`).
 * - `send` rejects only when nothing usable came back (`NoAnswerError`, with
 *   `timedOut`) or the session ended; every HTTP status is an answer.
 *
 * The session itself (where tokens live, how a refresh is made, what logout
 * does) is not known here: the session store binds itself with
 * `bindSession`, so this module depends on no feature.
 */
import { afterRefresh, afterResponse } from "../domain";
import type { Method, PathsFor, RequestBody, SuccessBody } from "./types";
import { serverClock } from "../clock";

/** How long a call may take, answer body included, unless the caller says otherwise. */
export const DEFAULT_TIMEOUT_MS = 30_000;

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

/** Nothing came back: the network failed, the call was aborted, or it ran out of time. */
export class NoAnswerError extends Error {
  readonly timedOut: boolean;
  readonly timeoutMs: number;
  constructor(message: string, timedOut: boolean, timeoutMs: number) {
    super(message);
    this.name = "NoAnswerError";
    this.timedOut = timedOut;
    this.timeoutMs = timeoutMs;
  }
}

/** An answer read in full. */
export interface Answer<Body = unknown> {
  status: number;
  ok: boolean;
  statusText: string;
  contentType: string | null;
  /** The response's headers (e.g. `X-Mentor-Time-Zone` beside a mentor's slots). */
  headers: Headers;
  /** The body as text ("" for none). */
  text: string;
  /** The body parsed as JSON; null when it is empty or not JSON. */
  body: Body | null;
}

export interface CallOptions {
  /** GET, or POST when a JSON body is given. */
  method?: string;
  /** A JSON body; serialised again for a repeated call. */
  json?: unknown;
  /** A multipart body (an upload); the browser writes its Content-Type with the boundary. */
  form?: FormData;
  headers?: Record<string, string>;
  /** The caller's own cancellation; an abort rejects with `NoAnswerError` (not timed out). */
  signal?: AbortSignal;
  timeoutMs?: number;
  /** "same-origin" unless said otherwise; public catalogue reads use "omit". */
  credentials?: RequestCredentials;
  /** Outlives the page (logout on unload). */
  keepalive?: boolean;
  /** Send the session's access token and follow SPEC §4 on 401 and 403. */
  authorised?: boolean;
  /** "text" leaves `body` null: for a caller that parses the text itself (the mentor catalogue). */
  read?: "json" | "text";
}

export interface ApiClient {
  send<Body = unknown>(path: string, options?: CallOptions): Promise<Answer<Body>>;
}

type Fetch = typeof fetch;

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function parseJson(text: string): unknown {
  if (text.trim() === "") return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function init(token: string | null, options: CallOptions, signal: AbortSignal): RequestInit {
  const headers: Record<string, string> = { Accept: "application/json", ...options.headers };
  if (options.json !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers["Authorization"] = `Bearer ${token}`;
  const request: RequestInit = {
    method: options.method ?? (options.json === undefined && options.form === undefined ? "GET" : "POST"),
    headers,
    credentials: options.credentials ?? "same-origin",
    signal,
  };
  if (options.json !== undefined) request.body = JSON.stringify(options.json);
  else if (options.form !== undefined) request.body = options.form;
  if (options.keepalive) request.keepalive = true;
  return request;
}

/**
 * A client bound to a session; `fetchImpl` is read at call time (tests stub
 * the global).
 */
export function createApiClient(session: () => SessionPort | undefined, fetchImpl: () => Fetch = () => fetch): ApiClient {
  /** One exchange: sent, answered and read in full within the timeout. */
  async function exchange(path: string, token: string | null, options: CallOptions): Promise<Answer> {
    const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onAbort = () => controller.abort();
    options.signal?.addEventListener("abort", onAbort);
    if (options.signal?.aborted) controller.abort();
    try {
      const response = await fetchImpl()(path, init(token, options, controller.signal));
      serverClock.observe(response.headers?.get("date"));
      const text = await response.text();
      return {
        status: response.status,
        ok: response.ok,
        statusText: response.statusText,
        contentType: response.headers.get("content-type"),
        headers: response.headers,
        text,
        body: options.read === "text" ? null : parseJson(text),
      };
    } catch (error) {
      if (timedOut) throw new NoAnswerError(`The server did not answer within ${timeoutMs / 1000} seconds.`, true, timeoutMs);
      throw new NoAnswerError(describe(error), false, timeoutMs);
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", onAbort);
    }
  }

  async function authorised(path: string, options: CallOptions, retried: boolean): Promise<Answer> {
    const port = session();
    const token = port?.accessToken() ?? null;
    const answer = await exchange(path, token, options);
    switch (afterResponse(answer.status, retried)) {
      case "proceed":
        return answer;
      case "refreshAndRetry": {
        const refreshed = port ? await port.refreshAccess(token) : false;
        if (afterRefresh(refreshed) === "retry") return authorised(path, options, true);
        port?.endSession();
        throw new SessionEndedError(answer.status);
      }
      case "logout":
        port?.endSession();
        throw new SessionEndedError(answer.status);
    }
  }

  return {
    send: <Body>(path: string, options: CallOptions = {}) =>
      (options.authorised ? authorised(path, options, false) : exchange(path, null, options)) as Promise<Answer<Body>>,
  };
}

let bound: SessionPort | undefined;

/** Called once by the session store; later calls replace the session (tests). */
export function bindSession(port: SessionPort | undefined): void {
  bound = port;
}

/** The app's client. */
export const api: ApiClient = createApiClient(() => bound);

/**
 * A documented call with its types from the OpenAPI document: the path must
 * be one the server publishes for `method`, the JSON body must be of its
 * request schema, and the answer's body is typed as its success schema
 * (read it only after checking `ok`; error bodies go to `./errors`).
 */
export function call<M extends Method, P extends PathsFor<M>>(
  method: M,
  path: P,
  options: Omit<CallOptions, "method" | "json"> & { json?: RequestBody<P, M> } = {},
): Promise<Answer<SuccessBody<P, M>>> {
  return api.send<SuccessBody<P, M>>(path, { ...options, method: method.toUpperCase() });
}

/**
 * A long answer read as it comes (the notification stream): sent with the
 * session's access token like an authorised call, the same rules on 401
 * and 403 (one refresh and a repeat, then the session ends), and the body
 * left unread for the caller. Rejects as `fetch` does when aborted.
 */
export async function authorisedStream(path: string, signal: AbortSignal): Promise<Response> {
  const port = bound;
  const open = (token: string | null) =>
    fetch(path, {
      headers: { Accept: "text/event-stream", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      credentials: "same-origin",
      cache: "no-store",
      signal,
    });
  const token = port?.accessToken() ?? null;
  const first = await open(token);
  switch (afterResponse(first.status, false)) {
    case "proceed":
      return first;
    case "refreshAndRetry": {
      const refreshed = port ? await port.refreshAccess(token) : false;
      if (afterRefresh(refreshed) === "retry") {
        const again = await open(port?.accessToken() ?? null);
        if (afterResponse(again.status, true) === "proceed") return again;
        port?.endSession();
        throw new SessionEndedError(again.status);
      }
      port?.endSession();
      throw new SessionEndedError(first.status);
    }
    case "logout":
      port?.endSession();
      throw new SessionEndedError(first.status);
  }
}
