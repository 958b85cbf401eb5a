/**
 * The one form kit: labelled fields whose error is tied to the input, the
 * password field with its strength meter, alerts, submit buttons, the
 * honeypot and the sent confirmation.
 *
 * Two looks share the same parts (one error line, one way of describing an
 * input), both styled in form.css: the account screens' fields (`Field`,
 * `PasswordField`, `FormAlert`, `SubmitButton`) and the static pages'
 * enquiry fields (`TextField`, `TextArea`, `SelectField`, `MessageAlert`,
 * `SendButton`).
 */
import {
  useEffect,
  useId,
  useRef,
  useState,
  type ChangeEvent,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from "react";
import { passwordStrength } from "../lib/domain";
import { Icon } from "./icons";
import "./form.css";

/* ---------- Shared parts ---------- */

export function CheckIcon() {
  return (
    <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
      <path fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" d="M4.5 10.5l3.5 3.5 7.5-8" />
    </svg>
  );
}

function ErrorIcon({ size = 16 }: { size?: number }) {
  return (
    <svg viewBox="0 0 20 20" width={size} height={size} aria-hidden="true" focusable="false">
      <circle cx="10" cy="10" r="8" fill="currentColor" />
      <path d="M10 5.8v5" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
      <circle cx="10" cy="14" r="1.2" fill="#fff" />
    </svg>
  );
}

/** The ids that describe an input: its error first, then its hint, then any others. */
function describers(id: string, hint: ReactNode, error: string | undefined, others?: string): string | undefined {
  return [error ? `${id}-error` : undefined, hint ? `${id}-hint` : undefined, others].filter(Boolean).join(" ") || undefined;
}

/** The line under a field that says what is wrong with it. */
function FieldError({ id, className, message }: { id: string; className: string; message: string }) {
  return (
    <p id={`${id}-error`} className={className} data-testid="field-error">
      <ErrorIcon />
      <span>{message}</span>
    </p>
  );
}

/* ---------- The account screens' fields ---------- */

export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id"> {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  /** Shown after the label: "(optional)". */
  optional?: boolean;
  /** Ids of other elements that describe the input (a strength meter). */
  describedBy?: string | undefined;
  /** A control inside the input's box (show password). */
  trailing?: ReactNode;
  /** Something below the input, before hint and error (the strength meter). */
  below?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
  id?: string;
}

export function Field({ label, error, hint, optional, describedBy, trailing, below, inputRef, id, className, ...input }: FieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <div className={`field${error ? " field--invalid" : ""}${className ? ` ${className}` : ""}`}>
      <label htmlFor={inputId} className="field__label">
        {label}
        {optional ? <span className="field__optional"> (optional)</span> : null}
      </label>
      <div className={`field__box${trailing ? " field__box--trailing" : ""}`}>
        <input
          ref={inputRef}
          id={inputId}
          className="field__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={describers(inputId, hint, error, describedBy)}
          {...input}
        />
        {trailing}
      </div>
      {below}
      {hint ? (
        <p id={`${inputId}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? <FieldError id={inputId} className="field__error" message={error} /> : null}
    </div>
  );
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
        d="M2.5 12S6 5.5 12 5.5 21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12z"
      />
      <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="1.8" />
      {crossed ? <path d="M4 20L20 4" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" /> : null}
    </svg>
  );
}

export interface PasswordFieldProps extends Omit<FieldProps, "type" | "trailing"> {
  /** Show the strength meter under the field. */
  meter?: boolean;
}

/** A password input with a show/hide toggle and, for new passwords, the strength meter. */
export function PasswordField({ meter, value, ...props }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  const meterId = useId();
  const password = typeof value === "string" ? value : "";
  return (
    <Field
      {...props}
      value={value}
      type={visible ? "text" : "password"}
      spellCheck={false}
      autoCapitalize="none"
      describedBy={meter ? meterId : props.describedBy}
      below={meter ? <StrengthMeter id={meterId} password={password} /> : undefined}
      trailing={
        <button type="button" className="field__toggle" aria-pressed={visible} onClick={() => setVisible((v) => !v)}>
          <EyeIcon crossed={visible} />
          <span className="sr-only">Show password</span>
        </button>
      }
    />
  );
}

/** SPEC §5: score 0–4 and its label, from the domain module. */
export function StrengthMeter({ id, password }: { id: string; password: string }) {
  const strength = passwordStrength(password);
  const empty = password === "";
  return (
    <div className={`strength strength--${empty ? "empty" : strength.score}`} data-testid="strength-meter" data-score={empty ? undefined : strength.score}>
      <div className="strength__bars" aria-hidden="true">
        {[1, 2, 3, 4].map((n) => (
          <span key={n} className={`strength__bar${!empty && strength.score >= n ? " is-on" : ""}`} />
        ))}
      </div>
      <p id={id} className="strength__text" aria-live="polite">
        {empty ? (
          "Use 8 or more characters with an uppercase letter, a number and a symbol."
        ) : (
          <>
            Password strength: <strong data-testid="strength-label">{strength.label}</strong>
          </>
        )}
      </p>
    </div>
  );
}

/* ---------- The account screens' messages and button ---------- */

export function FormAlert({ tone, children, id }: { tone: "error" | "success" | "info"; children: ReactNode; id?: string }) {
  return (
    <div id={id} className={`form-alert form-alert--${tone}`} role={tone === "error" ? "alert" : "status"} data-testid={`form-${tone}`}>
      {tone === "success" ? <CheckIcon /> : <ErrorIcon />}
      <div>{children}</div>
    </div>
  );
}

export function SubmitButton({ busy, children, busyLabel, disabled }: { busy: boolean; children: ReactNode; busyLabel?: string; disabled?: boolean }) {
  return (
    <button type="submit" className="btn btn--primary btn--lg btn--block auth-submit" disabled={busy || disabled} aria-busy={busy}>
      {busy ? <span className="spinner" aria-hidden="true" /> : null}
      {busy && busyLabel ? busyLabel : children}
    </button>
  );
}

/** Focuses the first field with an error (after a failed submit). */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  form?.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus();
}

/* ---------- The enquiry forms' fields ---------- */

interface ShellProps {
  id: string;
  label: string;
  optional?: boolean | undefined;
  hint?: ReactNode;
  error?: string | undefined;
  children: ReactNode;
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
      {error ? <FieldError id={id} className="sp-field__error" message={error} /> : null}
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
      <input id={id} className="sp-field__control" aria-invalid={error ? true : undefined} aria-describedby={describers(id, hint, error)} {...input} />
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
        aria-describedby={describers(id, hint, error)}
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
          aria-describedby={describers(id, hint, error)}
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

/** The enquiry forms' alert: every message on its own line. */
export function MessageAlert({ messages }: { messages: readonly string[] }) {
  return (
    <div className="sp-alert" role="alert" data-testid="form-alert">
      <ErrorIcon size={18} />
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

/** The enquiry forms' submit button: "Sending…" while busy. */
export function SendButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <button type="submit" className="btn btn--primary btn--lg sp-submit" disabled={busy} aria-busy={busy}>
      {busy ? <span className="sp-spinner" aria-hidden="true" /> : null}
      {busy ? "Sending…" : children}
    </button>
  );
}
