/**
 * Loading one part of the dashboard (the profile, the services, the
 * availability): what a section shows while it loads, once it has the
 * value, or when it could not get it.
 */
import { useCallback, useEffect, useState } from "react";
import { SessionEndedError, type Answer } from "../../lib/api/client";

export type Loaded<T> = { status: "loading" } | { status: "ready"; value: T } | { status: "failed" };

/**
 * Calls `fetch` on mount and on `reload()`; a success's body is read by
 * `read` (undefined: unusable). `set` replaces the value after a save.
 */
export function useLoaded<B, T>(fetch: () => Promise<Answer<B>>, read: (body: B) => T | undefined) {
  const [state, setState] = useState<Loaded<T>>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let active = true;
    fetch().then(
      (answer) => {
        if (!active) return;
        const value = answer.ok && answer.body !== null ? read(answer.body) : undefined;
        setState(value === undefined ? { status: "failed" } : { status: "ready", value });
      },
      (error: unknown) => {
        // A session that ended is leaving the screen already.
        if (active && !(error instanceof SessionEndedError)) setState({ status: "failed" });
      },
    );
    return () => {
      active = false;
    };
    // `fetch` and `read` are module functions: the attempt alone decides.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt]);

  const reload = useCallback(() => {
    setState({ status: "loading" });
    setAttempt((n) => n + 1);
  }, []);
  const set = useCallback((value: T) => setState({ status: "ready", value }), []);
  return { state, reload, set };
}
