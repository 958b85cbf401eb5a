/**
 * The booking's actions that ask something first: cancel or decline (with a
 * reason), reschedule (a new time), and reporting a missed session (the
 * learner chooses a refund or a new time). Each sends its transition and
 * hands the answered booking back; a refusal (409) is said in the dialog.
 */
import { useId, useState, type FormEvent, type ReactNode } from "react";
import { Dialog } from "../../components/Dialog";
import { bookingFormLimits, checkBookingText, shortName } from "../../lib/domain";
import { FormAlert, TextArea } from "../../components/form";
import { SessionEndedError } from "../../lib/api/client";
import { detailOf, formErrors } from "../../lib/api/errors";
import { CONTEST_WINDOW } from "../../lib/facts";
import { act, type Transition } from "./api";
import { priceLabelOf } from "../../lib/money";
import { SlotPicker } from "./SlotPicker";
import type { Booking } from "./types";
import { failureMessage } from "./useBooking";

/** The longest reason a cancellation or decline may give (the API's
 * parser's limit, from the crate). */
function reasonLimit(): number {
  return bookingFormLimits().reason;
}

interface ActionDialogProps {
  booking: Booking;
  onClose: () => void;
  onDone: (booking: Booking) => void;
}

/** Sends `transition`; the booking, or the message to show (and whether the times should be read again). */
async function send(id: string, transition: Transition): Promise<{ booking: Booking } | { message: string; field?: string; conflict: boolean }> {
  try {
    const answer = await act(id, transition);
    if (answer.ok && answer.body) return { booking: answer.body };
    if (answer.status === 400) {
      const { fields, other } = formErrors(answer.body, ["reason", "start", "choice", "rating", "text"] as const);
      const [field, message] = Object.entries(fields)[0] ?? [];
      return { message: message ?? other ?? "Please check and try again.", ...(field ? { field } : {}), conflict: false };
    }
    if (answer.status === 404) return { message: "This booking is no longer available to you.", conflict: false };
    return { message: detailOf(answer.body) ?? "That didn’t work. Please try again.", conflict: answer.status === 409 };
  } catch (error) {
    if (error instanceof SessionEndedError) throw error;
    return { message: failureMessage(error), conflict: false };
  }
}

function Submit({ form, busy, tone = "primary", children }: { form: string; busy: boolean; tone?: "primary" | "danger"; children: ReactNode }) {
  return (
    <button type="submit" form={form} className={`btn ${tone === "danger" ? "bk-danger" : "btn--primary"}`} disabled={busy} aria-busy={busy}>
      {busy ? <span className="spinner" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}

/** What a cancellation means for the money, for the person cancelling. */
function refundLine(booking: Booking): string {
  const price = booking.price_paise;
  const paid = price > 0 && booking.status === "confirmed";
  if (booking.role === "learner") {
    if (price === 0) return "This session is free: nothing to refund.";
    return paid ? `You’ll get a full refund of ${priceLabelOf(price)}.` : "You haven’t been charged for this session.";
  }
  return paid ? `${booking.learner.name} gets a full refund of ${priceLabelOf(price)}.` : "The learner hasn’t been charged.";
}

/** What a cancel dialog does, in its own words: the title, the confirming button and the way back. */
export function cancelWords(decline: boolean, withdraw: boolean): { title: string; confirm: string; back: string } {
  if (decline) return { title: "Decline this request?", confirm: "Decline request", back: "Back" };
  if (withdraw) return { title: "Withdraw this request?", confirm: "Withdraw request", back: "Keep request" };
  return { title: "Cancel this session?", confirm: "Cancel session", back: "Keep session" };
}

/**
 * Cancel (either side), withdraw (the learner, a request not yet accepted)
 * or decline (the mentor, a request): a reason, then the transition. The
 * dialog says which of them it is.
 */
export function CancelDialog({ booking, onClose, onDone, decline = false, withdraw = false }: ActionDialogProps & { decline?: boolean; withdraw?: boolean }) {
  const words = cancelWords(decline, withdraw);
  const formId = useId();
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [reasonError, setReasonError] = useState<string | undefined>(undefined);
  const other = shortName(booking.role === "learner" ? booking.mentor.name : booking.learner.name);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = reason.trim();
    const checked = checkBookingText("reason", text);
    if (checked.type === "error") {
      setReasonError(checked.message);
      return;
    }
    if (decline && text === "") {
      setReasonError("Tell the learner why, so they can pick another time or mentor.");
      return;
    }
    setBusy(true);
    setProblem(undefined);
    try {
      const outcome = await send(booking.id, { kind: decline ? "decline" : "cancel", reason: text });
      if ("booking" in outcome) return onDone(outcome.booking);
      if (outcome.field === "reason") setReasonError(outcome.message);
      else setProblem(outcome.message);
    } catch {
      return;
    }
    setBusy(false);
  };

  return (
    <Dialog
      title={words.title}
      onClose={onClose}
      testId="cancel-dialog"
      actions={
        <>
          <button type="button" className="btn btn--secondary" onClick={onClose}>
            {words.back}
          </button>
          <Submit form={formId} busy={busy} tone="danger">
            {words.confirm}
          </Submit>
        </>
      }
    >
      <form id={formId} onSubmit={(e) => void submit(e)} noValidate className="bk-dialog__form bk-scroll">
        <p>
          {decline
            ? `${other} will be told, and the time is freed for others.`
            : `${other} will be told by e-mail, and the time is freed for others.`}{" "}
          {decline ? "" : refundLine(booking)}
        </p>
        <TextArea
          label={decline ? "Reason" : withdraw ? "Reason for withdrawing" : "Reason for cancelling"}
          optional={!decline}
          rows={3}
          maxLength={reasonLimit()}
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            setReasonError(undefined);
          }}
          error={reasonError}
          hint={`Shared with ${other}. ${reason.length}/${reasonLimit()}`}
        />
        {problem ? <FormAlert tone="error">{problem}</FormAlert> : null}
      </form>
    </Dialog>
  );
}

/** A new time for the session from the mentor's open times (also after a missed session, when the learner chose one). */
export function RescheduleDialog({ booking, onClose, onDone, zone }: ActionDialogProps & { zone: string }) {
  const formId = useId();
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [reload, setReload] = useState(0);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) {
      setProblem("Choose a new time first.");
      return;
    }
    setBusy(true);
    setProblem(undefined);
    try {
      const outcome = await send(booking.id, { kind: "reschedule", start: chosen });
      if ("booking" in outcome) return onDone(outcome.booking);
      setProblem(outcome.message);
      if (outcome.conflict || outcome.field === "start") {
        setChosen(undefined);
        setReload((n) => n + 1);
      }
    } catch {
      return;
    }
    setBusy(false);
  };

  return (
    <Dialog
      title="Choose a new time"
      onClose={onClose}
      testId="reschedule-dialog"
      actions={
        <>
          <button type="button" className="btn btn--secondary" onClick={onClose}>
            Back
          </button>
          <Submit form={formId} busy={busy}>
            Move session
          </Submit>
        </>
      }
    >
      <form id={formId} onSubmit={(e) => void submit(e)} noValidate className="bk-dialog__form bk-scroll">
        <p>
          {booking.service.title} with {booking.role === "learner" ? booking.mentor.name : booking.learner.name}. The meeting link stays the same; both of
          you get the new time by e-mail with an updated calendar entry.
        </p>
        {problem ? <FormAlert tone="error">{problem}</FormAlert> : null}
        <SlotPicker
          mentorId={booking.mentor.id}
          serviceId={booking.service.id}
          zone={zone}
          exclude={booking.start}
          chosen={chosen}
          onChoose={(time) => {
            setChosen(time.key);
            setProblem(undefined);
          }}
          reloadKey={reload}
        />
      </form>
    </Dialog>
  );
}

/**
 * Reporting a missed session: the learner reports the mentor and chooses a
 * full refund or a new time; the mentor reports the learner (no refund).
 * Either may say what happened; the other side can contest the report
 * within 48 hours, and money waits for that (issue 20).
 */
const statementMax = (): number => bookingFormLimits().statement;

export function NoShowDialog({ booking, onClose, onDone }: ActionDialogProps) {
  const formId = useId();
  const name = useId();
  const learner = booking.role === "learner";
  const [choice, setChoice] = useState<"refund" | "reschedule" | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [choiceError, setChoiceError] = useState<string | undefined>(undefined);
  const [statement, setStatement] = useState("");
  const mentorFirst = booking.mentor.name.split(/\s+/u)[0] ?? booking.mentor.name;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (learner && !choice) {
      setChoiceError("Choose a refund or a new time.");
      return;
    }
    setBusy(true);
    setProblem(undefined);
    try {
      const words = statement.trim();
      const outcome = await send(booking.id, {
        kind: "no-show",
        ...(learner && choice ? { choice } : {}),
        ...(words ? { statement: words } : {}),
      });
      if ("booking" in outcome) return onDone(outcome.booking);
      setProblem(outcome.message);
    } catch {
      return;
    }
    setBusy(false);
  };

  return (
    <Dialog
      title={learner ? `Did ${mentorFirst} miss the session?` : `Did ${booking.learner.name} miss the session?`}
      onClose={onClose}
      testId="no-show-dialog"
      actions={
        <>
          <button type="button" className="btn btn--secondary" onClick={onClose}>
            Back
          </button>
          <Submit form={formId} busy={busy}>
            Report missed session
          </Submit>
        </>
      }
    >
      <form id={formId} onSubmit={(e) => void submit(e)} noValidate className="bk-dialog__form bk-scroll">
        {learner ? (
          <fieldset className={`bk-choice${choiceError ? " bk-choice--invalid" : ""}`} aria-describedby={choiceError ? `${name}-error` : undefined}>
            <legend>We’re sorry. What would you like?</legend>
            <label className={`bk-choice__option${choice === "refund" ? " is-on" : ""}`}>
              <input type="radio" name={name} value="refund" checked={choice === "refund"} onChange={() => setChoice("refund")} />
              <span>
                <strong>A full refund</strong>
                <span className="bk-choice__detail">
                  {booking.price_paise > 0
                    ? `${priceLabelOf(booking.price_paise)} back to how you paid, once the ${CONTEST_WINDOW} ${mentorFirst} has to contest your report end.`
                    : "This session was free: it is closed."}
                </span>
              </span>
            </label>
            <label className={`bk-choice__option${choice === "reschedule" ? " is-on" : ""}`}>
              <input type="radio" name={name} value="reschedule" checked={choice === "reschedule"} onChange={() => setChoice("reschedule")} />
              <span>
                <strong>A new time</strong>
                <span className="bk-choice__detail">Pick another of {mentorFirst}’s open times, at no extra cost.</span>
              </span>
            </label>
            {choiceError ? (
              <p id={`${name}-error`} className="field__error" role="alert">
                {choiceError}
              </p>
            ) : null}
          </fieldset>
        ) : (
          <p>
            The session is closed as missed by the learner. No refund is due for a learner who did not join. The learner can
            contest your report within {CONTEST_WINDOW}; an administrator then decides.
          </p>
        )}
        <TextArea
          label="What happened"
          name="statement"
          optional
          rows={3}
          maxLength={statementMax()}
          value={statement}
          hint="If the report is contested, an administrator reads this beside the other side’s statement."
          onChange={(e) => setStatement(e.target.value)}
        />
        {problem ? <FormAlert tone="error">{problem}</FormAlert> : null}
      </form>
    </Dialog>
  );
}

export { send as sendTransition };
