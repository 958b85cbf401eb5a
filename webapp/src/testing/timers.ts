/**
 * Fake timers that move only when a test moves them: never with real time,
 * so an assertion at 2,999 ms holds however busy the machine is.
 *
 * Only what the app's own delays use is replaced: `setTimeout`,
 * `setInterval` (and their `clear…`) and `Date` (at `now` when given). The
 * rest stays real: React's scheduler (`setImmediate`, `MessageChannel`) keeps
 * rendering, and Testing Library's `findBy…`/`waitFor` see the screen change
 * through their MutationObserver and drain with the real `setTimeout`
 * (`drainWithRealTimers`). Their overall timeout is a fake `setTimeout`: a
 * query that never matches fails at the test's own time limit instead.
 *
 * Call in `beforeEach`; `vi.useRealTimers()` in `afterEach` undoes it.
 */
import { vi } from "vitest";

export function useFakeClock(options: { now?: number | Date } = {}): void {
  const toFake = ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"] as const;
  vi.useFakeTimers(options.now === undefined ? { toFake: [...toFake] } : { toFake: [...toFake], now: options.now });
}

/** The real `setTimeout`, taken before any test fakes it. */
const realSetTimeout = globalThis.setTimeout;

type ActGlobal = typeof globalThis & { IS_REACT_ACT_ENVIRONMENT?: boolean };

/**
 * Testing Library's `findBy…`/`waitFor` end by draining pending promises
 * with `setTimeout(resolve, 0)`, which never fires while `setTimeout` is
 * fake (outside Jest it cannot advance the clock). This keeps its wrapper
 * (React's act environment off while waiting) but drains with the real
 * timer, so waiting for the screen never moves the fake clock. Called once
 * from the test setup.
 */
export function drainWithRealTimers(configure: (config: { asyncWrapper: <T>(cb: () => Promise<T>) => Promise<T> }) => void): void {
  configure({
    asyncWrapper: async <T>(cb: () => Promise<T>): Promise<T> => {
      const scope = globalThis as ActGlobal;
      const previous = scope.IS_REACT_ACT_ENVIRONMENT;
      scope.IS_REACT_ACT_ENVIRONMENT = false;
      try {
        const result = await cb();
        await new Promise<void>((resolve) => realSetTimeout(resolve, 0));
        return result;
      } finally {
        scope.IS_REACT_ACT_ENVIRONMENT = previous;
      }
    },
  });
}
