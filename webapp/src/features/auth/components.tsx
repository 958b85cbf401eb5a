/** The building blocks of the account screens: page frame, fields, messages, buttons. */
import { useId, useState, type InputHTMLAttributes, type ReactNode, type Ref } from "react";
import { passwordStrength } from "../../lib/domain";
import { pageTitle } from "../../lib/site";

/* ---------- Page frame ---------- */

export interface AuthPageProps {
  title: string;
  /** The document title, when it should differ from the heading. */
  documentTitle?: string;
  eyebrow?: string;
  lead?: ReactNode;
  /** A small illustration above the heading. */
  icon?: ReactNode;
  /** Below the card: "Already have an account? Sign in". */
  footer?: ReactNode;
  /** A brand panel beside the card on wide screens (login, register). */
  aside?: boolean;
  children: ReactNode;
  testId?: string;
}

function Check() {
  return (
    <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
      <path fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" d="M4.5 10.5l3.5 3.5 7.5-8" />
    </svg>
  );
}

function BrandPanel() {
  return (
    <aside className="auth-aside" aria-label="Why MentorBridge">
      <p className="auth-aside__eyebrow">One-on-one mentoring</p>
      <p className="auth-aside__title">Learn from people who have done it before.</p>
      <ul className="auth-aside__list">
        <li>
          <Check />
          Verified mentors across career, tech, business, health and more
        </li>
        <li>
          <Check />
          Free trial sessions with selected mentors
        </li>
        <li>
          <Check />
          Pay securely with UPI, cards, net banking or wallets
        </li>
        <li>
          <Check />
          Full refund or reschedule if a mentor misses a session
        </li>
      </ul>
      <dl className="auth-aside__stats">
        <div>
          <dt>Refund window</dt>
          <dd>7 days</dd>
        </div>
        <div>
          <dt>Refund review</dt>
          <dd>3–5 days</dd>
        </div>
        <div>
          <dt>Typical reply</dt>
          <dd>&lt;24h</dd>
        </div>
      </dl>
    </aside>
  );
}

export function AuthPage({ title, documentTitle, eyebrow, lead, icon, footer, aside, children, testId }: AuthPageProps) {
  const titleId = useId();
  return (
    <section className={`auth-page${aside ? " auth-page--split" : ""}`} aria-labelledby={titleId} data-testid={testId}>
      <title>{pageTitle(documentTitle ?? title)}</title>
      <div className="auth-page__inner">
        {aside ? <BrandPanel /> : null}
        <div className="auth-page__main">
          <div className="auth-card">
            {icon ? <div className="auth-card__icon">{icon}</div> : null}
            {eyebrow ? <p className="eyebrow auth-card__eyebrow">{eyebrow}</p> : null}
            <h1 id={titleId} className="auth-card__title">
              {title}
            </h1>
            {lead ? <p className="auth-card__lead">{lead}</p> : null}
            {children}
          </div>
          {footer ? <div className="auth-page__footer">{footer}</div> : null}
        </div>
      </div>
    </section>
  );
}

/* ---------- Fields ---------- */

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

function ErrorIcon() {
  return (
    <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true" focusable="false">
      <circle cx="10" cy="10" r="8" fill="currentColor" />
      <path d="M10 5.8v5" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
      <circle cx="10" cy="14" r="1.2" fill="#fff" />
    </svg>
  );
}

export function Field({ label, error, hint, optional, describedBy, trailing, below, inputRef, id, className, ...input }: FieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describers = [error ? errorId : undefined, hint ? hintId : undefined, describedBy].filter(Boolean).join(" ");
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
          aria-describedby={describers || undefined}
          {...input}
        />
        {trailing}
      </div>
      {below}
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field__error" data-testid="field-error">
          <ErrorIcon />
          <span>{error}</span>
        </p>
      ) : null}
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

/* ---------- Messages ---------- */

export function FormAlert({ tone, children, id }: { tone: "error" | "success" | "info"; children: ReactNode; id?: string }) {
  return (
    <div id={id} className={`form-alert form-alert--${tone}`} role={tone === "error" ? "alert" : "status"} data-testid={`form-${tone}`}>
      {tone === "success" ? <Check /> : <ErrorIcon />}
      <div>{children}</div>
    </div>
  );
}

/* ---------- Buttons ---------- */

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
