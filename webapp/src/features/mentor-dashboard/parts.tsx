/** Small parts every section of the dashboard uses. */
import type { ReactNode } from "react";
import { FormAlert } from "../../components/form";
import { LOAD_FAILED } from "./messages";

/** A section's heading and what it is for. */
export function SectionHeader({ id, title, lead, action }: { id: string; title: string; lead?: ReactNode; action?: ReactNode }) {
  return (
    <div className="md-section__header">
      <div>
        <h2 id={id} className="md-section__title">
          {title}
        </h2>
        {lead ? <p className="md-section__lead">{lead}</p> : null}
      </div>
      {action ? <div className="md-section__action">{action}</div> : null}
    </div>
  );
}

export function SectionLoading({ label }: { label: string }) {
  return (
    <div className="md-card" role="status" aria-busy="true" data-testid="section-loading">
      <span className="sr-only">{label}</span>
      <div className="skeleton md-skeleton" />
      <div className="skeleton md-skeleton md-skeleton--short" />
      <div className="skeleton md-skeleton" />
    </div>
  );
}

export function SectionFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="md-card" data-testid="section-failed">
      <FormAlert tone="error">{LOAD_FAILED}</FormAlert>
      <button type="button" className="btn btn--secondary md-retry" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

/** An on/off switch: a checkbox that looks like one. */
export function Switch({
  checked,
  onChange,
  label,
  hint,
  disabled,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
  hint?: string;
  disabled?: boolean;
}) {
  return (
    <label className={`md-switch${disabled ? " is-disabled" : ""}`}>
      <input type="checkbox" role="switch" checked={checked} disabled={disabled} onChange={(e) => onChange(e.target.checked)} />
      <span className="md-switch__track" aria-hidden="true">
        <span className="md-switch__thumb" />
      </span>
      <span className="md-switch__text">
        <span className="md-switch__label">{label}</span>
        {hint ? <span className="md-switch__hint">{hint}</span> : null}
      </span>
    </label>
  );
}

/** A form's submit button: "Saving…" while busy. */
export function SaveButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <button type="submit" className="btn btn--primary btn--lg md-save" disabled={busy} aria-busy={busy}>
      {busy ? <span className="spinner" aria-hidden="true" /> : null}
      {busy ? "Saving…" : children}
    </button>
  );
}
