import { describe, expect, it, vi } from "vitest";
import { SessionEndedError } from "./api/client";
import { bellLabel, merged, NotificationStore, OLDER_PAGE, PAGE, readNotification, type Notification, type NotificationDeps } from "./notifications";

function note(id: number, read = false): Notification {
  return {
    id,
    kind: "booking_confirmed",
    title: `Notification ${id}`,
    body: "",
    link: `/my-bookings/b${id}`,
    created_at: "2026-11-29T10:00:00Z",
    ...(read ? { read_at: "2026-11-29T11:00:00Z" } : {}),
  };
}

/** Deps whose stream is driven by the test: each connection is a step the test resolves. */
function harness(first: Notification[], unread: number) {
  const connections: { last: number; push: (n: Notification) => void; end: () => void; fail: (e: unknown) => void }[] = [];
  const waits: number[] = [];
  let connected: () => void = () => {};
  const deps: NotificationDeps = {
    list: vi.fn(async () => first),
    older: vi.fn(async () => []),
    unread: vi.fn(async () => unread),
    stream: (last, onEvent, signal) =>
      new Promise<void>((resolve, reject) => {
        signal.addEventListener("abort", () => resolve());
        connections.push({ last, push: onEvent, end: resolve, fail: reject });
        connected();
      }),
    markRead: vi.fn(async () => true),
    markAllRead: vi.fn(async () => true),
    wait: async (ms) => {
      waits.push(ms);
    },
    arrived: vi.fn(),
  };
  const nextConnection = () =>
    new Promise<void>((resolve) => {
      const count = connections.length;
      connected = () => {
        if (connections.length > count) resolve();
      };
    });
  return { deps, connections, waits, nextConnection };
}

describe("notifications", () => {
  it("reads only what is a notification", () => {
    expect(readNotification(note(1))).toEqual(note(1));
    expect(readNotification({ id: "1" })).toBeUndefined();
    expect(readNotification(null)).toBeUndefined();
  });

  it("keeps each one once, newest first", () => {
    expect(merged([note(2), note(1)], [note(3), note(2)]).map((n) => n.id)).toEqual([3, 2, 1]);
  });

  it("names the bell with its count", () => {
    expect(bellLabel(0)).toBe("Notifications");
    expect(bellLabel(3)).toBe("Notifications, 3 unread");
  });

  it("loads the first page, counts what arrives live, and reconnects after the last id", async () => {
    const h = harness([note(2), note(1, true)], 1);
    const store = new NotificationStore(h.deps);
    const first = h.nextConnection();
    store.start();
    await first;
    expect(store.getSnapshot()).toMatchObject({ unread: 1, loaded: true });
    expect(h.connections[0]?.last).toBe(2);

    h.connections[0]?.push(note(3));
    expect(store.getSnapshot().items.map((n) => n.id)).toEqual([3, 2, 1]);
    expect(store.getSnapshot().unread).toBe(2);
    expect(h.deps.arrived).toHaveBeenCalledWith(note(3));
    // The same event again (a repeat after a reconnect) counts once.
    h.connections[0]?.push(note(3));
    expect(store.getSnapshot().unread).toBe(2);

    // The connection breaks: it waits a little and starts after id 3.
    const second = h.nextConnection();
    h.connections[0]?.fail(new Error("network"));
    await second;
    expect(h.waits).toEqual([1_000]);
    expect(h.connections[1]?.last).toBe(3);

    // A stream that ends normally (its five minutes) connects again at once.
    const third = h.nextConnection();
    h.connections[1]?.end();
    await third;
    expect(h.waits).toEqual([1_000]);
    store.stop();
    expect(store.getSnapshot()).toEqual({ items: [], unread: 0, loaded: false, more: false });
  });

  it("marks one and all read, shown at once", async () => {
    const h = harness([note(2), note(1)], 2);
    const store = new NotificationStore(h.deps);
    const first = h.nextConnection();
    store.start();
    await first;
    await store.markRead(2);
    expect(h.deps.markRead).toHaveBeenCalledWith(2);
    expect(store.getSnapshot().unread).toBe(1);
    expect(store.getSnapshot().items[0]?.read_at).toBeTruthy();
    // Already read: not sent again.
    await store.markRead(2);
    expect(h.deps.markRead).toHaveBeenCalledTimes(1);
    await store.markAllRead();
    expect(store.getSnapshot().unread).toBe(0);
    expect(store.getSnapshot().items.every((n) => n.read_at)).toBe(true);
    store.stop();
  });

  it("stops when the session ended", async () => {
    const h = harness([], 0);
    h.deps.list = vi.fn(async () => {
      throw new SessionEndedError(401);
    });
    const store = new NotificationStore(h.deps);
    store.start();
    await vi.waitFor(() => expect(h.deps.list).toHaveBeenCalledTimes(1));
    expect(h.connections).toHaveLength(0);
    expect(h.waits).toHaveLength(0);
    store.stop();
  });

  it("shows older pages on asking, each once, and says when there are no more", async () => {
    const firstPage = Array.from({ length: PAGE }, (_, i) => note(100 - i));
    const h = harness(firstPage, 0);
    const olderPages: Record<number, Notification[]> = {
      81: Array.from({ length: OLDER_PAGE }, (_, i) => note(80 - i)),
      31: [note(30), note(29)],
    };
    h.deps.older = vi.fn(async (before: number) => olderPages[before]);
    const store = new NotificationStore(h.deps);
    const first = h.nextConnection();
    store.start();
    await first;
    expect(store.getSnapshot()).toMatchObject({ loaded: true, more: true });

    // Asked twice at once: one request.
    const [a, b] = [store.loadOlder(), store.loadOlder()];
    expect(await a).toBe(true);
    expect(await b).toBe(true);
    expect(h.deps.older).toHaveBeenCalledTimes(1);
    expect(h.deps.older).toHaveBeenCalledWith(81, OLDER_PAGE);
    expect(store.getSnapshot().items).toHaveLength(PAGE + OLDER_PAGE);
    expect(store.getSnapshot().more).toBe(true);

    // A live one arrives: it joins the top and the older ones stay.
    h.connections[0]?.push(note(101));
    expect(store.getSnapshot().items).toHaveLength(PAGE + OLDER_PAGE + 1);
    expect(store.getSnapshot().items[0]?.id).toBe(101);

    // The last, short page: no more to show, and nothing more is asked.
    expect(await store.loadOlder()).toBe(true);
    expect(h.deps.older).toHaveBeenLastCalledWith(31, OLDER_PAGE);
    const ids = store.getSnapshot().items.map((n) => n.id);
    expect(ids.at(-1)).toBe(29);
    expect(new Set(ids).size).toBe(ids.length);
    expect(store.getSnapshot().more).toBe(false);
    await store.loadOlder();
    expect(h.deps.older).toHaveBeenCalledTimes(2);
    store.stop();
  });

  it("keeps the list as it was when older ones cannot be read", async () => {
    const h = harness(Array.from({ length: PAGE }, (_, i) => note(50 - i)), 0);
    h.deps.older = vi.fn(async () => undefined);
    const store = new NotificationStore(h.deps);
    const first = h.nextConnection();
    store.start();
    await first;
    expect(await store.loadOlder()).toBe(false);
    expect(store.getSnapshot().items).toHaveLength(PAGE);
    expect(store.getSnapshot().more).toBe(true);
    h.deps.older = vi.fn(async () => {
      throw new Error("network");
    });
    expect(await store.loadOlder()).toBe(false);
    store.stop();
  });

  it("has nothing older to show after a short first page", async () => {
    const h = harness([note(2), note(1)], 0);
    const store = new NotificationStore(h.deps);
    const first = h.nextConnection();
    store.start();
    await first;
    expect(store.getSnapshot().more).toBe(false);
    expect(await store.loadOlder()).toBe(true);
    expect(h.deps.older).not.toHaveBeenCalled();
    store.stop();
  });
});
