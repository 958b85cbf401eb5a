/**
 * In-app notifications (issue 24): the signed-in person's newest ones and
 * their unread count, kept current by the server's live stream.
 *
 * The stream (`GET /api/notifications/stream/`) is read with `fetch`, so it
 * carries the `Authorization` header like every call and no token is put in
 * a URL; `eventsource-parser` reads its events. When it ends (it lives five
 * minutes) or breaks, it connects again with the last id it saw, after a
 * short wait that grows while the server cannot be reached: nothing is
 * missed. Each event also asks the attention store again and tells open
 * screens (`onNotification`), so dashboards and booking pages stay current.
 */
import { createParser, type EventSourceMessage } from "eventsource-parser";
import { useEffect, useSyncExternalStore } from "react";
import { attention } from "./attention";
import { api, authorisedStream, SessionEndedError } from "./api/client";
import type { Schemas } from "./api/types";

export type Notification = Schemas["NotificationOut"];

export interface NotificationsSnapshot {
  /** Newest first. */
  items: readonly Notification[];
  unread: number;
  /** The first page has been read. */
  loaded: boolean;
  /** Older ones may be on the server (the last page read was full). */
  more: boolean;
}

const EMPTY: NotificationsSnapshot = { items: [], unread: 0, loaded: false, more: false };

/** How many the panel holds. */
export const PAGE = 20;

/** How many "Show older" reads at a time. */
export const OLDER_PAGE = 50;

/** Waits before connecting again: the first, then doubling up to the last. */
export const RETRY_MS = [1_000, 2_000, 5_000, 10_000, 30_000] as const;

/** A notification from JSON, or undefined when it is not one. */
export function readNotification(value: unknown): Notification | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const n = value as Partial<Notification>;
  if (typeof n.id !== "number" || typeof n.kind !== "string" || typeof n.title !== "string") return undefined;
  if (typeof n.body !== "string" || typeof n.link !== "string" || typeof n.created_at !== "string") return undefined;
  return n as Notification;
}

/** `items` with `added` in their place (newest first), each id once, the newest `keep`. */
export function merged(items: readonly Notification[], added: readonly Notification[], keep: number = PAGE): Notification[] {
  const byId = new Map<number, Notification>();
  for (const n of [...items, ...added]) byId.set(n.id, n);
  return [...byId.values()].sort((a, b) => b.id - a.id).slice(0, keep);
}

export interface NotificationDeps {
  list(): Promise<Notification[] | undefined>;
  /** Up to `limit` older than the id `before`, newest first. */
  older(before: number, limit: number): Promise<Notification[] | undefined>;
  unread(): Promise<number | undefined>;
  /** Opens the stream after `last`; resolves when it ends. */
  stream(last: number, onEvent: (n: Notification) => void, signal: AbortSignal): Promise<void>;
  markRead(id: number): Promise<boolean>;
  markAllRead(): Promise<boolean>;
  /** Waits `ms` (or until aborted). */
  wait(ms: number, signal: AbortSignal): Promise<void>;
  /** Something new arrived: other stores and screens look again. */
  arrived(n: Notification): void;
}

export class NotificationStore {
  private snapshot: NotificationsSnapshot = EMPTY;
  private listeners = new Set<() => void>();
  private running: AbortController | undefined;
  private lastId = 0;
  /** How many are kept: the first page, and each older page read since. */
  private keep = PAGE;
  private readingOlder: Promise<boolean> | undefined;
  private readonly deps: NotificationDeps;

  constructor(deps: NotificationDeps) {
    this.deps = deps;
  }

  getSnapshot = (): NotificationsSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(next: NotificationsSnapshot) {
    this.snapshot = next;
    for (const listener of [...this.listeners]) listener();
  }

  /** Signed in: reads the first page and the count, then listens. */
  start(): void {
    if (this.running) return;
    const controller = new AbortController();
    this.running = controller;
    void this.run(controller.signal);
  }

  /** Signed out: stops listening and forgets. */
  stop(): void {
    this.running?.abort();
    this.running = undefined;
    this.lastId = 0;
    this.keep = PAGE;
    this.set(EMPTY);
  }

  private async run(signal: AbortSignal): Promise<void> {
    let failures = 0;
    while (!signal.aborted) {
      try {
        const [items, unread] = await Promise.all([this.deps.list(), this.deps.unread()]);
        if (signal.aborted) return;
        if (items !== undefined && unread !== undefined) {
          const more = this.snapshot.loaded ? this.snapshot.more : items.length >= PAGE;
          this.set({ items: merged(this.snapshot.items, items, this.keep), unread, loaded: true, more });
          this.lastId = Math.max(this.lastId, ...items.map((n) => n.id));
        }
        await this.deps.stream(this.lastId, (n) => this.add(n), signal);
        failures = 0;
      } catch (error) {
        if (error instanceof SessionEndedError) return;
        failures += 1;
      }
      if (signal.aborted) return;
      const delay = RETRY_MS[Math.min(Math.max(failures - 1, 0), RETRY_MS.length - 1)] ?? 30_000;
      // After a normal end (five minutes) connect again at once.
      if (failures > 0) await this.deps.wait(delay, signal);
    }
  }

  private add(n: Notification): void {
    if (n.id <= this.lastId && this.snapshot.items.some((m) => m.id === n.id)) return;
    this.lastId = Math.max(this.lastId, n.id);
    this.keep += 1;
    this.set({
      ...this.snapshot,
      items: merged(this.snapshot.items, [n], this.keep),
      unread: this.snapshot.unread + (n.read_at ? 0 : 1),
      loaded: true,
    });
    this.deps.arrived(n);
  }

  /**
   * Reads the next older page ("Show older"); resolves `false` when the
   * server could not be asked (the list is left as it was).
   */
  loadOlder(): Promise<boolean> {
    if (this.readingOlder) return this.readingOlder;
    const oldest = this.snapshot.items.at(-1);
    if (!this.snapshot.loaded || !this.snapshot.more || !oldest) return Promise.resolve(true);
    const reading = this.deps
      .older(oldest.id, OLDER_PAGE)
      .then(
        (page) => {
          if (page === undefined || !this.running) return page !== undefined;
          this.keep = this.snapshot.items.length + page.length;
          this.set({ ...this.snapshot, items: merged(this.snapshot.items, page, this.keep), more: page.length >= OLDER_PAGE });
          return true;
        },
        () => false,
      )
      .finally(() => {
        this.readingOlder = undefined;
      });
    this.readingOlder = reading;
    return reading;
  }

  /** Marks one read (shown at once; the server is told). */
  async markRead(id: number): Promise<void> {
    const target = this.snapshot.items.find((n) => n.id === id);
    if (!target || target.read_at) return;
    const now = new Date().toISOString();
    this.set({
      ...this.snapshot,
      items: this.snapshot.items.map((n) => (n.id === id ? { ...n, read_at: now } : n)),
      unread: Math.max(0, this.snapshot.unread - 1),
    });
    await this.deps.markRead(id);
  }

  /** Marks every one read. */
  async markAllRead(): Promise<void> {
    const now = new Date().toISOString();
    this.set({
      ...this.snapshot,
      items: this.snapshot.items.map((n) => (n.read_at ? n : { ...n, read_at: now })),
      unread: 0,
    });
    await this.deps.markAllRead();
  }
}

async function readStream(last: number, onEvent: (n: Notification) => void, signal: AbortSignal): Promise<void> {
  const response = await authorisedStream(`/api/notifications/stream/?last_event_id=${last}`, signal);
  if (!response.ok || !response.body) throw new Error(`The notification stream answered ${response.status}.`);
  const parser = createParser({
    onEvent(event: EventSourceMessage) {
      if (event.event !== "notification") return;
      try {
        const n = readNotification(JSON.parse(event.data));
        if (n) onEvent(n);
      } catch {
        // An event that is not JSON is skipped.
      }
    },
  });
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      parser.feed(value);
    }
  } finally {
    reader.releaseLock();
  }
}

async function readPage(path: string): Promise<Notification[] | undefined> {
  const answer = await api.send<unknown>(path, { authorised: true });
  if (!answer.ok || !Array.isArray(answer.body)) return undefined;
  return answer.body.map(readNotification).filter((n): n is Notification => n !== undefined);
}

export const notifications = new NotificationStore({
  list: () => readPage(`/api/notifications/?limit=${PAGE}`),
  older: (before, limit) => readPage(`/api/notifications/?before=${before}&limit=${limit}`),
  async unread() {
    const answer = await api.send<{ count?: unknown }>("/api/notifications/unread-count/", { authorised: true });
    return answer.ok && typeof answer.body?.count === "number" ? answer.body.count : undefined;
  },
  stream: readStream,
  async markRead(id) {
    const answer = await api.send(`/api/notifications/${id}/read/`, { method: "POST", authorised: true });
    return answer.ok;
  },
  async markAllRead() {
    const answer = await api.send("/api/notifications/read-all/", { method: "POST", authorised: true });
    return answer.ok;
  },
  wait: (ms, signal) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      signal.addEventListener("abort", () => {
        clearTimeout(timer);
        resolve();
      });
    }),
  arrived(n) {
    void attention.refresh(true);
    window.dispatchEvent(new CustomEvent<Notification>(NOTIFICATION_EVENT, { detail: n }));
  },
});

/** The window event each new notification raises (see `onNotification`). */
export const NOTIFICATION_EVENT = "mentorbridge:notification";

/** The signed-in person's notifications (empty for a guest). */
export function useNotifications(): NotificationsSnapshot {
  return useSyncExternalStore(notifications.subscribe, notifications.getSnapshot, notifications.getSnapshot);
}

/** Mounted once in the layout: listens while signed in, forgets on sign-out. */
export function useNotificationStream(signedIn: boolean): void {
  useEffect(() => {
    if (signedIn) notifications.start();
    else notifications.stop();
  }, [signedIn]);
}

/** Calls `then` on each new notification while mounted (a screen reloads what it shows). */
export function useOnNotification(then: (n: Notification) => void): void {
  useEffect(() => {
    const listener = (event: Event) => then((event as CustomEvent<Notification>).detail);
    window.addEventListener(NOTIFICATION_EVENT, listener);
    return () => window.removeEventListener(NOTIFICATION_EVENT, listener);
  }, [then]);
}

/** The bell's accessible name: `Notifications, 3 unread`. */
export function bellLabel(unread: number): string {
  return unread > 0 ? `Notifications, ${unread} unread` : "Notifications";
}
