/** Loading one list of bookings: loading, the list, or failed (with a retry). */
import { useCallback, useEffect, useState } from "react";
import { SessionEndedError } from "./api/client";
import { fetchBookings, readBookings, type Booking, type Side, type When } from "./api/bookings";
import { useOnNotification } from "./notifications";

export type Loaded<T> = { status: "loading" } | { status: "ready"; value: T } | { status: "failed" };

/** `GET /api/bookings/?as=side&when=when` on mount and on `reload()`; `set` replaces the list after an action. */
export function useBookings(side: Side, when: When) {
  const [state, setState] = useState<Loaded<Booking[]>>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let active = true;
    fetchBookings(side, when).then(
      (answer) => {
        if (!active) return;
        const value = answer.ok ? readBookings(answer.body) : undefined;
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
  }, [side, when, attempt]);

  // A new notification may change the list (a request arrives, a session
  // is confirmed): read it again, keeping the list on screen meanwhile.
  useOnNotification(useCallback(() => setAttempt((n) => n + 1), []));

  const reload = useCallback(() => {
    setState({ status: "loading" });
    setAttempt((n) => n + 1);
  }, []);
  const set = useCallback((value: Booking[]) => setState({ status: "ready", value }), []);
  return { state, reload, set };
}
