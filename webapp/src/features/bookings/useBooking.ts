/**
 * One booking, read from the API for a screen: loading, not found (404,
 * which is also what someone else's booking answers), an error to retry,
 * or the booking, replaced by every transition's answer. While the screen
 * is open the clock ticks, and the booking is read again when one of its
 * deadlines passes (a hold lapses, the session ends), and every 15 seconds
 * while the gateway is confirming its payment.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { NoAnswerError, SessionEndedError } from "../../lib/api/client";
import { detailOf } from "../../lib/api/errors";
import { useOnNotification, type Notification } from "../../lib/notifications";
import { fetchBooking } from "./api";
import { nextBoundary } from "./rules";
import type { Booking } from "./types";
import { serverNow } from "../../lib/clock";

export type BookingState =
  | { status: "loading" }
  | { status: "notFound" }
  | { status: "error"; message: string }
  | { status: "ready"; booking: Booking };

/** A plain reason a read failed, in the reader's words. */
export function failureMessage(error: unknown): string {
  if (error instanceof NoAnswerError) return error.timedOut ? error.message : "We couldn’t reach MentorBridge. Check your connection and try again.";
  if (error instanceof SessionEndedError) return error.message;
  return "Something went wrong. Please try again.";
}

/** How often a booking whose payment is being confirmed is read again. */
export const CONFIRMING_POLL_MS = 15_000;

/** The longest wait setTimeout keeps exactly (~24.8 days). */
const MAX_TIMEOUT = 2_147_483_647;

export function useBooking(id: string | undefined) {
  const [state, setState] = useState<BookingState>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);
  // Whether the next read is a check on a payment being confirmed: one that fails keeps the booking on screen and checks again later.
  const polling = useRef(false);
  const [missed, setMissed] = useState(0);
  // The booking changed under the open screen (a notification said so):
  // the screen shows the change where it is, without moving its address
  // (a checkout in progress goes on to its own confirmation).
  const [changedHere, setChangedHere] = useState(false);
  useEffect(() => setChangedHere(false), [id]);

  useEffect(() => {
    if (!id) {
      setState({ status: "notFound" });
      return;
    }
    const quiet = polling.current;
    polling.current = false;
    const controller = new AbortController();
    const failed = (message: string) => {
      if (quiet) {
        setState((current) => (current.status === "ready" ? current : { status: "error", message }));
        setMissed((n) => n + 1);
      } else setState({ status: "error", message });
    };
    fetchBooking(id, controller.signal).then(
      (answer) => {
        if (controller.signal.aborted) return;
        if (answer.status === 404) setState({ status: "notFound" });
        else if (answer.ok && answer.body) setState({ status: "ready", booking: answer.body });
        else failed(detailOf(answer.body) ?? `The server answered ${answer.status}. Please try again.`);
      },
      (error: unknown) => {
        if (!controller.signal.aborted) failed(failureMessage(error));
      },
    );
    return () => controller.abort();
  }, [id, attempt]);

  const booking = state.status === "ready" ? state.booking : undefined;

  // Something happened to this booking (the mentor answered, a payment
  // arrived): read it again quietly, without a reload.
  useOnNotification(
    useCallback(
      (n: Notification) => {
        if (!id || !n.link.includes(id)) return;
        polling.current = true;
        setChangedHere(true);
        setAttempt((a) => a + 1);
      },
      [id],
    ),
  );

  // Read the booking again when one of its deadlines passes (the crate's rules update the actions between reads).
  useEffect(() => {
    if (!booking) return;
    const at = nextBoundary(booking, serverNow());
    if (at === undefined) return;
    const wait = at - serverNow() + 1_000;
    if (wait > MAX_TIMEOUT) return;
    const timer = setTimeout(() => setAttempt((n) => n + 1), wait);
    return () => clearTimeout(timer);
  }, [booking]);

  // A payment being confirmed: read it again every little while, so the screen turns confirmed (or asks to pay) as soon as the gateway answers.
  useEffect(() => {
    if (!booking?.payment_confirming || booking.status !== "payment_required") return;
    const timer = setTimeout(() => {
      polling.current = true;
      setAttempt((n) => n + 1);
    }, CONFIRMING_POLL_MS);
    return () => clearTimeout(timer);
  }, [booking, missed]);

  const retry = useCallback(() => {
    setState({ status: "loading" });
    setAttempt((n) => n + 1);
  }, []);
  /** Re-reads the booking without showing the loading state. */
  const refresh = useCallback(() => setAttempt((n) => n + 1), []);
  const replace = useCallback((next: Booking) => setState({ status: "ready", booking: next }), []);

  return { state, retry, refresh, replace, changedHere };
}
