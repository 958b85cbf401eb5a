/**
 * Server state has one home: a resource is one thing read from the API,
 * remembered for as long as its freshness rule allows, fetched by one shared
 * request at a time, and announced to whoever listens.
 *
 * The rules stay with the caller: what to keep (`keep`), how old it may get
 * (`freshness`, e.g. the domain module's `cacheState` for the mentor
 * catalogue) and how to fetch it (through the one client, `./client`).
 */

/** How usable a remembered value is: as is, as is but refreshed behind the scenes, or not at all. */
export type Freshness = "fresh" | "refresh" | "stale";

export interface ResourceOptions<T> {
  /** Fetches the value; should settle every failure into a value of its own. */
  fetch: () => Promise<T>;
  /** Whether a fetched value is remembered (a failure usually is not). Default: always. */
  keep?: (value: T) => boolean;
  /** How usable a value fetched at `fetchedAt` is at `now`. Default: fresh for the page's life. */
  freshness?: (fetchedAt: number, now: number) => Freshness;
  /** The clock (tests fake it through the global timers). */
  now?: () => number;
}

export interface Resource<T> {
  /** The remembered value when it is usable now: lets a screen render at once. */
  peek(now?: number): T | undefined;
  /**
   * The value: a fresh one as is; one due a refresh as is, refreshed in the
   * background; otherwise the one shared request.
   */
  load(): Promise<T>;
  /** Called with every kept value a request brings, background refreshes included. */
  subscribe(listener: (value: T) => void): () => void;
  /** Forgets the value and any request in flight (tests, logout). */
  reset(): void;
}

const forever = (): Freshness => "fresh";

export function createResource<T>(options: ResourceOptions<T>): Resource<T> {
  const keep = options.keep ?? (() => true);
  const freshness = options.freshness ?? forever;
  const now = options.now ?? (() => Date.now());
  let entry: { value: T; fetchedAt: number } | undefined;
  let inFlight: Promise<T> | undefined;
  let generation = 0;
  const listeners = new Set<(value: T) => void>();

  function state(at: number): Freshness {
    return entry === undefined ? "stale" : freshness(entry.fetchedAt, at);
  }

  function refetch(): Promise<T> {
    if (inFlight) return inFlight;
    const started = generation;
    const request = options.fetch().then(
      (value) => {
        if (started !== generation) return value;
        inFlight = undefined;
        if (keep(value)) {
          entry = { value, fetchedAt: now() };
          for (const listener of [...listeners]) listener(value);
        }
        return value;
      },
      (error: unknown) => {
        if (started === generation) inFlight = undefined;
        throw error;
      },
    );
    inFlight = request;
    return request;
  }

  return {
    peek(at = now()) {
      const s = state(at);
      return entry !== undefined && s !== "stale" ? entry.value : undefined;
    },
    load() {
      const s = state(now());
      if (entry !== undefined && s !== "stale") {
        if (s === "refresh") void refetch().catch(() => undefined);
        return Promise.resolve(entry.value);
      }
      return refetch();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    reset() {
      generation += 1;
      entry = undefined;
      inFlight = undefined;
      listeners.clear();
    },
  };
}

/** One resource per key (one mentor per id), made on first use. */
export function createResourceFamily<K, T>(make: (key: K) => ResourceOptions<T>): { get(key: K): Resource<T>; reset(): void } {
  const members = new Map<K, Resource<T>>();
  return {
    get(key) {
      let member = members.get(key);
      if (member === undefined) {
        member = createResource(make(key));
        members.set(key, member);
      }
      return member;
    },
    reset() {
      for (const member of members.values()) member.reset();
      members.clear();
    },
  };
}
