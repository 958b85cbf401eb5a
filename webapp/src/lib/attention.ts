/**
 * Things waiting for the signed-in person (issue 21), until in-app
 * notifications exist: requests to answer (as a mentor) and sessions to pay
 * for (as a learner), each with its deadline. The server decides what
 * waits (`GET /api/me/attention/`, the crate's `attention` rule); this file
 * keeps the last answer for the header's count and the dashboards' banners
 * and asks again when the person moves to another screen or comes back to
 * the tab, at most once every few seconds (no polling).
 */
import { useEffect, useSyncExternalStore } from "react";
import { api, SessionEndedError } from "./api/client";
import type { Schemas } from "./api/types";

export type AttentionItem = Schemas["AttentionItem"];
export type AttentionKind = Schemas["AttentionKind"];
export type Attention = Schemas["Attention"];

/** Asked again no sooner than this after the last answer (a burst of navigations is one call). */
export const MIN_REFRESH_MS = 5_000;

/** The answer's readable body, or undefined. */
export function readAttention(body: unknown): Attention | undefined {
  if (typeof body !== "object" || body === null) return undefined;
  const b = body as Partial<Attention>;
  if (!Array.isArray(b.items) || typeof b.count !== "number") return undefined;
  const items = b.items.filter(
    (i): i is AttentionItem =>
      typeof i === "object" && i !== null && typeof i.booking_id === "string" && typeof i.deadline === "string" && (i.kind === "pay" || i.kind === "answer_request"),
  );
  return { count: items.length, items };
}

const EMPTY: readonly AttentionItem[] = [];

export interface AttentionDeps {
  fetch: () => Promise<unknown>;
  now: () => number;
}

/** The last known list, shared by the header and the dashboards. */
export class AttentionStore {
  private items: readonly AttentionItem[] = EMPTY;
  private listeners = new Set<() => void>();
  private lastAsked = Number.NEGATIVE_INFINITY;
  private inflight: Promise<void> | undefined;
  private generation = 0;
  private readonly deps: AttentionDeps;

  constructor(deps: AttentionDeps) {
    this.deps = deps;
  }

  getSnapshot = (): readonly AttentionItem[] => this.items;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(items: readonly AttentionItem[]) {
    if (items === this.items) return;
    this.items = items;
    for (const listener of [...this.listeners]) listener();
  }

  /** Asks the server, unless it was asked moments ago (`force`: ask anyway, e.g. after an answer or a payment). */
  refresh(force = false): Promise<void> {
    if (this.inflight) return this.inflight;
    if (!force && this.deps.now() - this.lastAsked < MIN_REFRESH_MS) return Promise.resolve();
    this.lastAsked = this.deps.now();
    const generation = this.generation;
    this.inflight = this.deps
      .fetch()
      .then(
        (body) => {
          const value = readAttention(body);
          if (value && generation === this.generation) this.set(value.items.length === 0 ? EMPTY : value.items);
        },
        (error: unknown) => {
          // Keep what was shown; a session that ended is cleared by `clear`.
          if (error instanceof SessionEndedError) this.clear();
        },
      )
      .finally(() => {
        this.inflight = undefined;
      });
    return this.inflight;
  }

  /** Signed out: nothing waits, and the next sign-in asks at once. */
  clear(): void {
    this.generation += 1;
    this.inflight = undefined;
    this.lastAsked = Number.NEGATIVE_INFINITY;
    this.set(EMPTY);
  }
}

async function fetchAttention(): Promise<unknown> {
  const answer = await api.send<Attention>("/api/me/attention/", { authorised: true });
  return answer.ok ? answer.body : undefined;
}

export const attention = new AttentionStore({ fetch: fetchAttention, now: () => Date.now() });

/** What waits for the signed-in person (empty for a guest). */
export function useAttention(): readonly AttentionItem[] {
  return useSyncExternalStore(attention.subscribe, attention.getSnapshot, attention.getSnapshot);
}

/**
 * Mounted once in the layout: asks again on every change of screen and when
 * the tab comes back into view, while signed in; forgets on sign-out.
 */
export function useAttentionRefresh(signedIn: boolean, pathname: string): void {
  useEffect(() => {
    if (signedIn) void attention.refresh();
    else attention.clear();
  }, [signedIn, pathname]);

  useEffect(() => {
    if (!signedIn) return;
    const onVisible = () => {
      if (document.visibilityState === "visible") void attention.refresh();
    };
    const onFocus = () => void attention.refresh();
    document.addEventListener("visibilitychange", onVisible);
    window.addEventListener("focus", onFocus);
    return () => {
      document.removeEventListener("visibilitychange", onVisible);
      window.removeEventListener("focus", onFocus);
    };
  }, [signedIn]);
}

/** How many items wait on one dashboard: the learner's (`pay`) or the mentor's (`answer_request`). */
export function countOf(items: readonly AttentionItem[], kind: AttentionKind): number {
  return items.filter((i) => i.kind === kind).length;
}

/** The accessible words for a count beside a link: `2 waiting for you`. */
export function waitingLabel(count: number): string {
  return `${count} waiting for you`;
}
