import { useId, useState, type FormEvent, type ReactNode } from "react";
import { Dialog } from "../../components/Dialog";
import { FormAlert, TextArea } from "../../components/form";
import { SessionEndedError, type Answer } from "../../lib/api/client";
import { detailOf, formErrors } from "../../lib/api/errors";

const NETWORK_ERROR = "We couldn’t reach the server. Check your connection and try again.";

/** How a decision with a reason ended: recorded, or refused because someone else got there first. */
export type Decided<T> = { type: "decided"; value: T } | { type: "stale"; message: string };

interface Props<T> {
  title: string;
  testId: string;
  /** The submit button's words, and what it says while the call is on its way. */
  submitLabel: string;
  busyLabel: string;
  /** The reason's label, saying who reads it. */
  reasonLabel: string;
  hint: string;
  rows?: number;
  /** What the dialog says above the reason. */
  intro?: ReactNode;
  /** Said when the server refuses without a reason of its own. */
  failed: string;
  send: (reason: string) => Promise<Answer<unknown>>;
  /** A successful answer's body as the thing decided (the reason as sent, for a body without it). */
  read: (body: unknown, reason: string) => T | undefined;
  onClose: () => void;
  onDone: (outcome: Decided<T>) => void;
}

/**
 * An administrator's decision that needs a reason someone will read (a
 * rejected application or refund, a failed payout): the reason's own error
 * under the field, a 409 or 404 handed back as stale (decided elsewhere),
 * anything else said in the dialog, which stays open to try again.
 */
export function ReasonDialog<T>({ title, testId, submitLabel, busyLabel, reasonLabel, hint, rows = 5, intro, failed, send, read, onClose, onDone }: Props<T>) {
  const formId = useId();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string>();
  const [alert, setAlert] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setAlert(undefined);
    try {
      const answer = await send(reason);
      const decided = answer.ok ? read(answer.body, reason) : undefined;
      if (decided !== undefined) {
        onDone({ type: "decided", value: decided });
        return;
      }
      if (answer.status === 400) {
        const { fields, other } = formErrors(answer.body, ["reason"] as const);
        setError(fields.reason);
        setAlert(fields.reason ? undefined : (other ?? failed));
      } else if (answer.status === 409 || answer.status === 404) {
        onDone({ type: "stale", message: detailOf(answer.body) ?? failed });
        return;
      } else {
        setAlert(detailOf(answer.body) ?? failed);
      }
    } catch (e) {
      if (!(e instanceof SessionEndedError)) setAlert(NETWORK_ERROR);
    }
    setBusy(false);
  }

  return (
    <Dialog
      title={title}
      onClose={busy ? () => undefined : onClose}
      testId={testId}
      actions={
        <>
          <button type="submit" form={formId} className="btn btn--primary ad-danger" disabled={busy} aria-busy={busy}>
            {busy ? busyLabel : submitLabel}
          </button>
          <button type="button" className="btn btn--secondary" onClick={onClose} disabled={busy}>
            Cancel
          </button>
        </>
      }
    >
      <form id={formId} className="ad-reject" noValidate onSubmit={(e) => void onSubmit(e)}>
        {intro}
        <TextArea
          label={reasonLabel}
          name="reason"
          rows={rows}
          required
          value={reason}
          error={error}
          hint={hint}
          onChange={(e) => {
            setReason(e.target.value);
            setError(undefined);
          }}
        />
        {alert ? <FormAlert tone="error">{alert}</FormAlert> : null}
      </form>
    </Dialog>
  );
}
