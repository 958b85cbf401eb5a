/**
 * The list of things waiting (issue 21): read from the server's answer,
 * asked again at most once every few seconds however often the screen
 * changes, and forgotten at sign-out.
 */
import { describe, expect, it, vi } from "vitest";
import { AttentionStore, countOf, MIN_REFRESH_MS, readAttention, waitingLabel, type AttentionItem } from "./attention";

const PAY: AttentionItem = {
  kind: "pay",
  booking_id: "b-1",
  deadline: "2026-11-24T16:00:00Z",
  start: "2026-11-25T10:00:00Z",
  service_title: "Career plan",
  with_name: "Meera Nair",
};
const ANSWER: AttentionItem = { ...PAY, kind: "answer_request", booking_id: "b-2", with_name: "Lata Learner" };

function storeWith(answer: () => unknown) {
  let now = 1_000_000;
  const fetch = vi.fn(() => Promise.resolve(answer()));
  const store = new AttentionStore({ fetch, now: () => now });
  return { store, fetch, later: (ms: number) => (now += ms) };
}

describe("what waits for the signed-in person", () => {
  it("reads the server's items and leaves out what it cannot read", () => {
    expect(readAttention({ count: 2, items: [PAY, { kind: "bell", booking_id: "x", deadline: "y" }] })).toEqual({ count: 1, items: [PAY] });
    expect(readAttention({ detail: "Not found." })).toBeUndefined();
    expect(readAttention(undefined)).toBeUndefined();
  });

  it("counts each dashboard's kind and words the count for screen readers", () => {
    expect(countOf([PAY, ANSWER, ANSWER], "answer_request")).toBe(2);
    expect(countOf([PAY, ANSWER, ANSWER], "pay")).toBe(1);
    expect(waitingLabel(2)).toBe("2 waiting for you");
  });

  it("asks once for a burst of screen changes, and again a few seconds later", async () => {
    const { store, fetch, later } = storeWith(() => ({ count: 1, items: [PAY] }));
    await store.refresh();
    expect(store.getSnapshot()).toEqual([PAY]);
    await store.refresh();
    later(MIN_REFRESH_MS - 1);
    await store.refresh();
    expect(fetch).toHaveBeenCalledTimes(1);
    later(1);
    await store.refresh();
    expect(fetch).toHaveBeenCalledTimes(2);
    await store.refresh(true);
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it("keeps what it showed when an answer cannot be read, and forgets everything at sign-out", async () => {
    let answer: unknown = { count: 1, items: [ANSWER] };
    const { store, later } = storeWith(() => answer);
    const seen = vi.fn();
    store.subscribe(seen);
    await store.refresh();
    expect(store.getSnapshot()).toEqual([ANSWER]);
    answer = undefined;
    later(MIN_REFRESH_MS);
    await store.refresh();
    expect(store.getSnapshot()).toEqual([ANSWER]);
    store.clear();
    expect(store.getSnapshot()).toEqual([]);
    expect(seen).toHaveBeenCalledTimes(2);
  });

  it("drops an answer that arrives after sign-out", async () => {
    let release: (value: unknown) => void = () => undefined;
    const store = new AttentionStore({ fetch: () => new Promise((resolve) => (release = resolve)), now: () => 0 });
    const pending = store.refresh();
    store.clear();
    release({ count: 1, items: [PAY] });
    await pending;
    expect(store.getSnapshot()).toEqual([]);
  });
});
