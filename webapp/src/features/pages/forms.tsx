/**
 * The enquiry forms' parts (contact, custom quote): labelled fields whose
 * error is tied to the input, the hidden honeypot, the alert, the
 * confirmation, and `useEnquiryForm`, which checks, sends and reports.
 */
import {
  useEffect,
  useId,
  useRef,
  useState,
  type ChangeEvent,
  type FormEvent,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from "react";
import { Icon } from "../../lib/icons";
import { submitForm, type EnquiryBodies } from "./submit";

/* ---------- Fields ---------- */

interface ShellProps {
  id: string;
  label: string;
  optional?: boolean | undefined;
  hint?: ReactNode;
  error?: string | undefined;
  children: ReactNode;
}

function describedBy(id: string, hint: ReactNode, error: string | undefined): string | undefined {
  return [error ? `${id}-error` : undefined, hint ? `${id}-hint` : undefined].filter(Boolean).join(" ") || undefined;
}

function Shell({ id, label, optional, hint, error, children }: ShellProps) {
  return (
    <div className={`sp-field${error ? " sp-field--invalid" : ""}`}>
      <label htmlFor={id} className="sp-field__label">
        {label}
        {optional ? <span className="sp-field__optional"> (optional)</span> : null}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="sp-field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="sp-field__error" data-testid="field-error">
          <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true" focusable="false">
            <circle cx="10" cy="10" r="8" fill="currentColor" />
            <path d="M10 5.8v5" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
            <circle cx="10" cy="14" r="1.2" fill="#fff" />
          </svg>
          <span>{error}</span>
        </p>
      ) : null}
    </div>
  );
}

interface CommonProps {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  optional?: boolean;
}

export function TextField({ label, error, hint, optional, ...input }: CommonProps & Omit<InputHTMLAttributes<HTMLInputElement>, "id">) {
  const id = useId();
  return (
    <Shell id={id} label={label} optional={optional} hint={hint} error={error}>
      <input id={id} className="sp-field__control" aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, hint, error)} {...input} />
    </Shell>
  );
}

export function TextArea({ label, error, hint, optional, ...input }: CommonProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id">) {
  const id = useId();
  return (
    <Shell id={id} label={label} optional={optional} hint={hint} error={error}>
      <textarea
        id={id}
        className="sp-field__control sp-field__control--area"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...input}
      />
    </Shell>
  );
}

export function SelectField({
  label,
  error,
  hint,
  optional,
  children,
  ...select
}: CommonProps & Omit<SelectHTMLAttributes<HTMLSelectElement>, "id">) {
  const id = useId();
  return (
    <Shell id={id} label={label} optional={optional} hint={hint} error={error}>
      <div className="sp-field__select">
        <select
          id={id}
          className="sp-field__control"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, hint, error)}
          {...select}
        >
          {children}
        </select>
      </div>
    </Shell>
  );
}

/**
 * A field people never see or reach, which bots fill in: the server drops
 * any message that has it (SPEC-style honeypot).
 */
export function Honeypot({ value, onChange }: { value: string; onChange: (e: ChangeEvent<HTMLInputElement>) => void }) {
  const id = useId();
  return (
    <div className="sp-honeypot" aria-hidden="true" data-testid="honeypot">
      <label htmlFor={id}>Website (leave this empty)</label>
      <input id={id} name="website" type="text" tabIndex={-1} autoComplete="off" value={value} onChange={onChange} />
    </div>
  );
}

export function FormAlert({ messages }: { messages: readonly string[] }) {
  return (
    <div className="sp-alert" role="alert" data-testid="form-alert">
      <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
        <circle cx="10" cy="10" r="8" fill="currentColor" />
        <path d="M10 5.8v5" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
        <circle cx="10" cy="14" r="1.2" fill="#fff" />
      </svg>
      <div>
        {messages.map((m) => (
          <p key={m}>{m}</p>
        ))}
      </div>
    </div>
  );
}

export function Confirmation({ title, text, onReset, resetLabel }: { title: string; text: string; onReset: () => void; resetLabel: string }) {
  const boxRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // Reading continues at the confirmation; the whole of it in view, not only its heading.
    headingRef.current?.focus({ preventScroll: true });
    boxRef.current?.scrollIntoView?.({ block: "start" });
  }, []);
  return (
    <div ref={boxRef} className="sp-confirm" role="status" data-testid="form-success">
      <span className="sp-confirm__icon">
        <Icon name="check" size={28} />
      </span>
      <h2 ref={headingRef} tabIndex={-1} className="sp-confirm__title">
        {title}
      </h2>
      <p className="sp-confirm__text">{text}</p>
      <button type="button" className="btn btn--secondary" onClick={onReset}>
        {resetLabel}
      </button>
    </div>
  );
}

export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <button type="submit" className="btn btn--primary btn--lg sp-submit" disabled={busy} aria-busy={busy}>
      {busy ? <span className="sp-spinner" aria-hidden="true" /> : null}
      {busy ? "Sending…" : children}
    </button>
  );
}

/* ---------- Form state ---------- */

export const FIX_ERRORS = "Please fix the errors above.";

export type Checked<F extends string> =
  | { type: "ok"; body: Record<string, unknown>; name: string; email: string }
  | { type: "invalid"; errors: Partial<Record<F, string>> };

export interface Sent {
  name: string;
  email: string;
}

/**
 * The state of one enquiry form: values, field errors, the alert, sending and
 * sent. `check` turns the values into the body to send (or the field
 * errors); the server's own field errors are shown the same way.
 */
export function useEnquiryForm<F extends string>(options: {
  path: keyof EnquiryBodies;
  initial: Record<F | "website", string>;
  check: (values: Record<F | "website", string>) => Checked<F>;
  supportEmail: string;
}) {
  const { path, check, supportEmail } = options;
  const [values, setValues] = useState(options.initial);
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const [alert, setAlert] = useState<string[] | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<Sent | undefined>(undefined);
  const [focusTick, setFocusTick] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  // After a refused submit, focus moves to the first field in error.
  useEffect(() => {
    if (focusTick === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusTick]);

  function field(name: F | "website") {
    return {
      value: values[name],
      onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
        const value = e.target.value;
        setValues((v) => ({ ...v, [name]: value }));
        if (name !== "website" && errors[name as F]) setErrors((errs) => ({ ...errs, [name]: undefined }));
      },
    };
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const checked = check(values);
    if (checked.type === "invalid") {
      setErrors(checked.errors);
      setAlert([FIX_ERRORS]);
      setFocusTick((t) => t + 1);
      return;
    }
    setErrors({});
    setAlert(undefined);
    setBusy(true);
    // `check` builds the body of the endpoint's schema from the form's fields.
    const result = await submitForm(path, { ...checked.body, website: values.website } as EnquiryBodies[typeof path], supportEmail);
    setBusy(false);
    switch (result.type) {
      case "ok":
        setSent({ name: checked.name, email: checked.email });
        return;
      case "fields": {
        const known = Object.keys(options.initial).filter((k) => k !== "website");
        const fieldErrors: Partial<Record<F, string>> = {};
        const general = [...result.general];
        for (const [key, message] of Object.entries(result.fields)) {
          if (known.includes(key)) fieldErrors[key as F] = message;
          else general.push(message);
        }
        setErrors(fieldErrors);
        setAlert(Object.keys(fieldErrors).length > 0 ? [...general, FIX_ERRORS] : general);
        setFocusTick((t) => t + 1);
        return;
      }
      case "error":
        setAlert([result.message]);
        return;
    }
  }

  function reset() {
    setValues(options.initial);
    setErrors({});
    setAlert(undefined);
    setSent(undefined);
  }

  return { values, errors, alert, busy, sent, formRef, field, onSubmit, reset };
}

/* ---------- Shared checks ---------- */

export const MESSAGE_MIN = 10;
export const MESSAGE_MAX = 5000;

/** 10–5,000 characters after trimming. */
export function checkMessage(raw: string): string | undefined {
  const length = [...raw.trim()].length;
  if (length === 0) return "This field is required.";
  if (length < MESSAGE_MIN) return `Please write at least ${MESSAGE_MIN} characters so we can help.`;
  if (length > MESSAGE_MAX) return `Please keep your message to ${MESSAGE_MAX.toLocaleString("en-IN")} characters or fewer.`;
  return undefined;
}

export function messageCount(raw: string): string {
  return `${[...raw.trim()].length.toLocaleString("en-IN")} / ${MESSAGE_MAX.toLocaleString("en-IN")} characters`;
}
