/**
 * Where the mentor's money goes: the bank account or UPI id on file, shown
 * masked as the server keeps it, and the form to give or change them with
 * the payout schedule and the PAN (for TDS). The fields are checked by the
 * crate's rule (`checkPayoutDetails`: IFSC, account number, UPI id, name,
 * PAN), the same the server applies; whatever the server still refuses is
 * shown beside its field too.
 *
 * Issue 20: a change is confirmed with the account's password; a change of
 * where the money goes takes effect 48 hours later (shown with its date,
 * and cancellable), so a stolen session cannot redirect a payout.
 */
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Link } from "react-router";
import { FormAlert, TextField } from "../../components/form";
import { Icon } from "../../components/icons";
import { checkPayoutDetails, nextPayout } from "../../lib/domain";
import { SessionEndedError } from "../../lib/api/client";
import { detailOf, formErrors } from "../../lib/api/errors";
import { useSession } from "../../lib/session";
import {
  cancelPendingChange,
  fetchPayoutDetails,
  PAYOUT_FIELDS,
  readPayoutDetails,
  savePayoutDetails,
  type PayoutDetails,
  type PayoutDetailsBody,
  type PayoutMethod,
  type PayoutSchedule,
  type PendingChange,
} from "./earningsApi";
import { momentLabel, zonedDayLabel } from "../../lib/time";
import type { Loaded } from "./load";
import { FIX_ERRORS, NETWORK_ERROR, SAVE_FAILED } from "./messages";
import { SaveButton, SectionFailed, SectionLoading } from "./parts";

export const PAYOUT_SAVED = "Payout details saved. Your next payout goes to them.";
export const PASSWORD_NEEDED = "Enter your password to confirm a change of your payout details.";
export const CHANGE_CANCELLED = "The change was cancelled. Your payouts keep going to the account shown.";

/** The saved message when a change of where the money goes waits. */
export function changeRequested(effectiveAt: string, zone: string): string {
  return `Change requested. It takes effect on ${momentLabel(effectiveAt, zone)}; until then your payouts go to your current account. We’ve e-mailed you about it.`;
}

/** The details on file (`null`: none yet), loaded once and on `reload()`. */
export function usePayoutDetails() {
  const [state, setState] = useState<Loaded<PayoutDetails | null>>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let active = true;
    fetchPayoutDetails().then(
      (answer) => {
        if (!active) return;
        const value = readPayoutDetails(answer);
        setState(value === undefined ? { status: "failed" } : { status: "ready", value });
      },
      (error: unknown) => {
        if (active && !(error instanceof SessionEndedError)) setState({ status: "failed" });
      },
    );
    return () => {
      active = false;
    };
  }, [attempt]);
  const reload = useCallback(() => {
    setState({ status: "loading" });
    setAttempt((n) => n + 1);
  }, []);
  const set = useCallback((value: PayoutDetails) => setState({ status: "ready", value }), []);
  return { state, reload, set };
}

export const SCHEDULES: readonly { id: PayoutSchedule; label: string; hint: string }[] = [
  { id: "weekly", label: "Weekly", hint: "Paid every week, in the payout run each Monday." },
  { id: "monthly", label: "Monthly", hint: "Paid once a month, in the first payout run of the month." },
];

const METHODS: readonly { id: PayoutMethod; label: string }[] = [
  { id: "bank", label: "Bank account" },
  { id: "upi", label: "UPI" },
];

type Field = (typeof PAYOUT_FIELDS)[number];
type Errors = Partial<Record<Field, string>>;

interface Draft {
  method: PayoutMethod;
  beneficiary_name: string;
  account_number: string;
  ifsc: string;
  upi_id: string;
  schedule: PayoutSchedule;
  pan: string;
  password: string;
}

function draftOf(details: PayoutDetails | null): Draft {
  return {
    method: details?.method ?? "bank",
    beneficiary_name: details?.beneficiary_name ?? "",
    // The full number, UPI id and PAN are never sent back: they are typed again to change the details.
    account_number: "",
    ifsc: details?.ifsc ?? "",
    upi_id: "",
    schedule: details?.schedule ?? "weekly",
    pan: "",
    password: "",
  };
}

/** What the mentor typed, as the API's body: every field, the other method's left empty. */
export function bodyOf(d: Draft): PayoutDetailsBody {
  const bank = d.method === "bank";
  return {
    method: d.method,
    beneficiary_name: d.beneficiary_name.trim(),
    account_number: bank ? d.account_number.replace(/\s+/g, "") : null,
    ifsc: bank ? d.ifsc.trim().toUpperCase() : null,
    upi_id: bank ? null : d.upi_id.trim(),
    schedule: d.schedule,
    pan: d.pan.trim() === "" ? null : d.pan.trim().toUpperCase(),
    password: d.password,
  };
}

/**
 * The crate's check of a body: the cleaned body to send (IFSC in capitals,
 * the account number's spaces removed), or a message per field.
 */
export function checkedBody(body: PayoutDetailsBody): { ok: true; body: PayoutDetailsBody } | { ok: false; errors: Errors } {
  const check = checkPayoutDetails(body);
  if (check.type === "ok") {
    const v = check.value;
    return {
      ok: true,
      body: {
        method: v.method,
        beneficiary_name: v.beneficiary_name,
        account_number: v.account_number ?? null,
        ifsc: v.ifsc ?? null,
        upi_id: v.upi_id ?? null,
        schedule: v.schedule,
        pan: v.pan ?? null,
        password: body.password ?? null,
      },
    };
  }
  const errors: Errors = {};
  for (const { field, message } of check.errors) {
    const key = (PAYOUT_FIELDS as readonly string[]).includes(field) ? (field as Field) : "beneficiary_name";
    errors[key] ??= message;
  }
  return { ok: false, errors };
}

function Choice<T extends string>({
  legend,
  name,
  value,
  options,
  onChange,
  error,
}: {
  legend: string;
  name: string;
  value: T;
  options: readonly { id: T; label: string; hint?: string }[];
  onChange: (v: T) => void;
  error?: string | undefined;
}) {
  const errorId = useId();
  return (
    <fieldset className="earn-choice" aria-describedby={error ? errorId : undefined}>
      <legend className="sp-field__label">{legend}</legend>
      <div className="earn-choice__options">
        {options.map((o) => (
          <label key={o.id} className={`earn-choice__option${value === o.id ? " is-checked" : ""}`}>
            <input type="radio" name={name} value={o.id} checked={value === o.id} onChange={() => onChange(o.id)} />
            <span>
              <span className="earn-choice__label">{o.label}</span>
              {o.hint ? <span className="earn-choice__hint">{o.hint}</span> : null}
            </span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="sp-field__error" data-testid="field-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function destinationOf(d: { method: PayoutMethod; account_number_masked?: string | null; ifsc?: string | null; upi_id_masked?: string | null }): string {
  return d.method === "bank" ? `Bank account ${d.account_number_masked ?? "—"}${d.ifsc ? ` (${d.ifsc})` : ""}` : `UPI ${d.upi_id_masked ?? "—"}`;
}

/** The change waiting 48 hours, with when it takes effect and a way to cancel it. */
function Pending({ pending, zone, busy, onCancel }: { pending: PendingChange; zone: string; busy: boolean; onCancel: () => void }) {
  return (
    <div className="earn-pending" data-testid="payout-pending" role="group" aria-label="Requested change">
      <p className="earn-pending__text">
        <Icon name="lock" size={14} /> <strong>Change requested:</strong> {pending.beneficiary_name}, {destinationOf(pending)}. It takes effect on{" "}
        <strong>{momentLabel(pending.effective_at, zone)}</strong>; payouts until then go to the account above. Didn’t ask for this? Cancel it
        and change your password.
      </p>
      <button type="button" className="btn btn--secondary" onClick={onCancel} disabled={busy} aria-busy={busy}>
        Cancel this change
      </button>
    </div>
  );
}

/** The details on file, masked. */
function Summary({ details, zone }: { details: PayoutDetails; zone: string }) {
  const schedule = SCHEDULES.find((s) => s.id === details.schedule);
  return (
    <dl className="earn-details" data-testid="payout-details">
      <div>
        <dt>Paid to</dt>
        <dd>{details.beneficiary_name}</dd>
      </div>
      {details.method === "bank" ? (
        <>
          <div>
            <dt>Bank account</dt>
            <dd className="earn-mono">{details.account_number_masked ?? "—"}</dd>
          </div>
          <div>
            <dt>IFSC</dt>
            <dd className="earn-mono">{details.ifsc ?? "—"}</dd>
          </div>
        </>
      ) : (
        <div>
          <dt>UPI ID</dt>
          <dd className="earn-mono">{details.upi_id_masked ?? "—"}</dd>
        </div>
      )}
      <div>
        <dt>Schedule</dt>
        <dd>{schedule ? schedule.label : details.schedule}</dd>
      </div>
      <div>
        <dt>PAN</dt>
        <dd className="earn-mono" data-testid="payout-pan">
          {details.pan_masked ?? "Not given (TDS is 5 %)"}
        </dd>
      </div>
      {details.updated_at ? (
        <div>
          <dt>Last changed</dt>
          <dd>{zonedDayLabel(details.updated_at, zone)}</dd>
        </div>
      ) : null}
    </dl>
  );
}

export interface PayoutDetailsCardProps {
  state: Loaded<PayoutDetails | null>;
  reload: () => void;
  /** The mentor's zone, for dates. */
  zone: string;
  onSaved: (details: PayoutDetails) => void;
}

/** The payout details card: what is on file and the form to change it. */
export function PayoutDetailsForm({ state, reload, zone, onSaved }: PayoutDetailsCardProps) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<Draft>(() => draftOf(null));
  const [errors, setErrors] = useState<Errors>({});
  const [alert, setAlert] = useState<string>();
  const [saved, setSaved] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const editRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const session = useSession();
  const googleOnly = session.status === "user" && session.user?.is_google_user === true;

  if (state.status === "loading") return <SectionLoading label="Loading your payout details…" />;
  if (state.status === "failed") return <SectionFailed onRetry={reload} />;
  const details = state.value;
  const showForm = editing || details === null;

  function start() {
    setDraft(draftOf(details));
    setErrors({});
    setAlert(undefined);
    setSaved(undefined);
    setEditing(true);
  }

  async function cancelPending() {
    if (cancelling) return;
    setCancelling(true);
    setSaved(undefined);
    setAlert(undefined);
    try {
      const answer = await cancelPendingChange();
      const value = answer.ok ? readPayoutDetails(answer) : undefined;
      if (value) {
        setSaved(CHANGE_CANCELLED);
        onSaved(value);
      } else if (answer.status === 404) {
        // Already cancelled, or already in effect: show what is on file.
        reload();
      } else {
        setAlert(detailOf(answer.body) ?? SAVE_FAILED);
      }
    } catch (error) {
      if (!(error instanceof SessionEndedError)) setAlert(NETWORK_ERROR);
    } finally {
      setCancelling(false);
    }
  }

  function cancel() {
    setEditing(false);
    setErrors({});
    setAlert(undefined);
    // Back to the button that opened the form.
    queueMicrotask(() => editRef.current?.focus());
  }

  function change<K extends keyof Draft>(key: K, value: Draft[K]) {
    setDraft((d) => ({ ...d, [key]: value }));
    if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
  }

  function fail(found: Errors, message: string) {
    setErrors(found);
    setAlert(message);
    queueMicrotask(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], .earn-choice[aria-describedby] input')?.focus());
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setSaved(undefined);
    const checked = checkedBody(bodyOf(draft));
    const found: Errors = checked.ok ? {} : { ...checked.errors };
    if (draft.password === "") found.password = PASSWORD_NEEDED;
    if (!checked.ok || Object.keys(found).length > 0) {
      fail(found, FIX_ERRORS);
      return;
    }
    setBusy(true);
    setAlert(undefined);
    try {
      const answer = await savePayoutDetails(checked.body);
      const value = answer.ok ? readPayoutDetails(answer) : undefined;
      if (value) {
        setErrors({});
        setEditing(false);
        setSaved(value.pending ? changeRequested(value.pending.effective_at, zone) : PAYOUT_SAVED);
        onSaved(value);
        return;
      }
      if (answer.status === 429) {
        fail({}, detailOf(answer.body) ?? SAVE_FAILED);
        return;
      }
      if (answer.status === 400) {
        const { fields, other } = formErrors(answer.body, PAYOUT_FIELDS);
        fail(fields, Object.keys(fields).length > 0 ? FIX_ERRORS : (other ?? SAVE_FAILED));
        return;
      }
      fail({}, SAVE_FAILED);
    } catch (error) {
      if (!(error instanceof SessionEndedError)) fail({}, NETWORK_ERROR);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="md-card earn-payout" aria-labelledby={titleId} data-testid="payout-details-card">
      <div className="earn-card-head">
        <h3 id={titleId} className="md-card__title">
          Payout details
        </h3>
        {details !== null && !showForm ? (
          <button ref={editRef} type="button" className="btn btn--secondary" onClick={start}>
            Edit<span className="sr-only"> payout details</span>
          </button>
        ) : null}
      </div>
      <div role="status" aria-live="polite" className="md-ses__notice">
        {saved ? <FormAlert tone="success">{saved}</FormAlert> : null}
      </div>
      {details === null && !editing ? (
        <FormAlert tone="info">Add the bank account or UPI ID we should pay you at. Until you do, your available earnings wait here.</FormAlert>
      ) : null}
      {details !== null && !showForm ? <Summary details={details} zone={zone} /> : null}
      {details?.pending && !showForm ? <Pending pending={details.pending} zone={zone} busy={cancelling} onCancel={() => void cancelPending()} /> : null}
      {!showForm && alert ? <FormAlert tone="error">{alert}</FormAlert> : null}
      {showForm ? (
        <form ref={formRef} className="md-form" noValidate onSubmit={(e) => void submit(e)} aria-labelledby={titleId} data-testid="payout-form">
          <Choice
            legend="Pay me by"
            name="payout-method"
            value={draft.method}
            options={METHODS}
            onChange={(v) => change("method", v)}
            error={errors.method}
          />
          <TextField
            label="Account holder’s name"
            value={draft.beneficiary_name}
            onChange={(e) => change("beneficiary_name", e.target.value)}
            autoComplete="name"
            maxLength={100}
            error={errors.beneficiary_name}
            hint={draft.method === "bank" ? "As your bank has it." : "As your UPI app shows it."}
          />
          {draft.method === "bank" ? (
            <div className="md-form__row">
              <TextField
                label="Account number"
                value={draft.account_number}
                onChange={(e) => change("account_number", e.target.value)}
                inputMode="numeric"
                autoComplete="off"
                spellCheck={false}
                maxLength={24}
                error={errors.account_number}
                hint={details?.account_number_masked ? `On file: ${details.account_number_masked}. Type the full number to keep or change it.` : "9 to 18 digits."}
              />
              <TextField
                label="IFSC"
                value={draft.ifsc}
                onChange={(e) => change("ifsc", e.target.value.toUpperCase())}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={11}
                error={errors.ifsc}
                hint="11 characters, like SBIN0001234; it’s on your cheque book."
              />
            </div>
          ) : (
            <TextField
              label="UPI ID"
              value={draft.upi_id}
              onChange={(e) => change("upi_id", e.target.value)}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={330}
              error={errors.upi_id}
              hint={details?.upi_id_masked ? `On file: ${details.upi_id_masked}. Type the full UPI ID to keep or change it.` : "Like name@okaxis."}
            />
          )}
          <Choice
            legend="How often to pay me"
            name="payout-schedule"
            value={draft.schedule}
            options={SCHEDULES}
            onChange={(v) => change("schedule", v)}
            error={errors.schedule}
          />
          <p className="earn-note" data-testid="schedule-next">
            On this schedule, the next payout run is {momentLabel(new Date(nextPayout(draft.schedule, Date.now())).toISOString(), zone)}.
          </p>
          <TextField
            label="PAN"
            optional
            value={draft.pan}
            onChange={(e) => change("pan", e.target.value.toUpperCase())}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={10}
            error={errors.pan}
            hint={
              details?.pan_masked
                ? `On file: ${details.pan_masked}. Type it again to keep it; without a PAN, TDS is 5 % instead of 0.1 %.`
                : "Like ABCPE1234F. TDS under section 194-O is 0.1 % with a PAN (none below ₹5 lakh a year), 5 % without."
            }
          />
          {details !== null ? (
            <FormAlert tone="info">
              For your safety, a new bank account or UPI ID takes effect 48 hours after you save it, and we e-mail you at once. Payouts until then go to
              your current account.
            </FormAlert>
          ) : null}
          {googleOnly ? (
            <FormAlert tone="info">
              You sign in with Google. To change payout details, first <Link to="/auth/edit-profile">add a password</Link> to your account.
            </FormAlert>
          ) : null}
          <TextField
            label="Your password"
            type="password"
            value={draft.password}
            onChange={(e) => change("password", e.target.value)}
            autoComplete="current-password"
            required
            error={errors.password ?? errors.google_credential}
            hint="To confirm it’s you: payout details decide where your money goes."
          />
          {alert ? <FormAlert tone="error">{alert}</FormAlert> : null}
          <div className="earn-form-actions">
            <SaveButton busy={busy}>Save payout details</SaveButton>
            {details !== null ? (
              <button type="button" className="btn btn--ghost" onClick={cancel}>
                Cancel
              </button>
            ) : null}
          </div>
          <p className="earn-note earn-note--icon">
            <Icon name="lock" size={14} />
            <span>Only the last digits are shown again; the full details go to the payments team for your transfers.</span>
          </p>
        </form>
      ) : null}
    </section>
  );
}
