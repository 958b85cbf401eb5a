/**
 * The application form's compound fields: expertise as chips plus free
 * tags, a list of links, the sessions offered, and the photo. Each takes
 * its value and reports changes; the form checks everything with the
 * crate's rule on submit.
 */
import { useEffect, useId, useRef, useState, type ChangeEvent, type KeyboardEvent, type ReactNode } from "react";
import { applicationLimits, durationLabel } from "../../lib/domain";
import { FormAlert } from "../../components/form";
import { Icon } from "../../components/icons";
import { SessionEndedError } from "../../lib/api/client";
import { errorMessages } from "../../lib/api/errors";
import { uploadApplicationPhoto, type UploadedPhoto } from "./api";
import { NETWORK_ERROR, PHOTO_FAILED } from "./messages";

/** A group of controls with a legend, its hint and its first error (SPEC §5's inline style). */
export function Group({
  legend,
  hint,
  error,
  optional,
  children,
  testId,
}: {
  legend: string;
  hint?: ReactNode;
  error?: string | undefined;
  optional?: boolean;
  children: ReactNode;
  testId?: string;
}) {
  const id = useId();
  return (
    <fieldset
      className={`ap-group${error ? " ap-group--invalid" : ""}`}
      aria-describedby={[error ? `${id}-error` : "", hint ? `${id}-hint` : ""].filter(Boolean).join(" ") || undefined}
      aria-invalid={error ? true : undefined}
      data-testid={testId}
    >
      <legend className="ap-group__legend">
        {legend}
        {optional ? <span className="sp-field__optional"> (optional)</span> : null}
      </legend>
      {hint ? (
        <p id={`${id}-hint`} className="sp-field__hint ap-group__hint">
          {hint}
        </p>
      ) : null}
      {children}
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
    </fieldset>
  );
}

/* ---------- Expertise ---------- */

/**
 * The categories as toggle chips, and free tags typed in (Enter or Add).
 * Repeats and spelling are the crate's business; only an exact repeat is
 * not added twice here.
 */
export function ExpertisePicker({
  categories,
  value,
  onChange,
}: {
  categories: readonly string[];
  value: readonly string[];
  onChange: (next: string[]) => void;
}) {
  const [tag, setTag] = useState("");
  const tagId = useId();
  const tags = value.filter((v) => !categories.includes(v));

  function toggle(category: string) {
    onChange(value.includes(category) ? value.filter((v) => v !== category) : [...value, category]);
  }

  function addTag() {
    const typed = tag.trim();
    if (typed === "") return;
    if (!value.includes(typed)) onChange([...value, typed]);
    setTag("");
  }

  function onTagKey(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "Enter") {
      event.preventDefault();
      addTag();
    }
  }

  return (
    <>
      <ul className="ap-chips" aria-label="Categories">
        {categories.map((category) => {
          const on = value.includes(category);
          return (
            <li key={category}>
              <button type="button" className={`ap-chip${on ? " is-on" : ""}`} aria-pressed={on} onClick={() => toggle(category)}>
                {on ? <Icon name="check" size={16} /> : null}
                {category}
              </button>
            </li>
          );
        })}
      </ul>
      <div className="ap-tag-entry">
        <label htmlFor={tagId} className="ap-tag-entry__label">
          Add your own
        </label>
        <div className="ap-inline">
          <input
            id={tagId}
            className="sp-field__control"
            value={tag}
            placeholder="e.g. Product management"
            onChange={(e) => setTag(e.target.value)}
            onKeyDown={onTagKey}
            enterKeyHint="done"
          />
          <button type="button" className="btn btn--secondary" onClick={addTag}>
            Add
          </button>
        </div>
      </div>
      {tags.length > 0 ? (
        <ul className="ap-chips ap-chips--tags" aria-label="Your own areas">
          {tags.map((t) => (
            <li key={t}>
              <span className="ap-chip is-on ap-chip--tag">
                {t}
                <button type="button" className="ap-chip__remove" onClick={() => onChange(value.filter((v) => v !== t))}>
                  <span aria-hidden="true">×</span>
                  <span className="sr-only">Remove {t}</span>
                </button>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

/* ---------- Links ---------- */

/** Other pages about the applicant: each its own input, added and removed. */
export function LinkList({ links, onChange }: { links: readonly string[]; onChange: (next: string[]) => void }) {
  const baseId = useId();
  const added = useRef(false);
  const listRef = useRef<HTMLUListElement>(null);

  useEffect(() => {
    // A link just added gets focus, so typing goes straight into it.
    if (!added.current) return;
    added.current = false;
    const inputs = listRef.current?.querySelectorAll("input");
    inputs?.[inputs.length - 1]?.focus();
  }, [links.length]);

  return (
    <>
      {links.length > 0 ? (
        <ul className="ap-rows" ref={listRef}>
          {links.map((link, i) => (
            <li key={i} className="ap-inline">
              <label htmlFor={`${baseId}-${i}`} className="sr-only">
                Link {i + 1}
              </label>
              <input
                id={`${baseId}-${i}`}
                className="sp-field__control"
                type="url"
                inputMode="url"
                autoComplete="url"
                spellCheck={false}
                placeholder="https://"
                value={link}
                onChange={(e) => onChange(links.map((l, j) => (j === i ? e.target.value : l)))}
              />
              <button type="button" className="btn btn--ghost ap-icon-btn" onClick={() => onChange(links.filter((_, j) => j !== i))}>
                <span aria-hidden="true">×</span>
                <span className="sr-only">Remove link {i + 1}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <button
        type="button"
        className="btn btn--secondary ap-add"
        onClick={() => {
          added.current = true;
          onChange([...links, ""]);
        }}
      >
        + Add a link
      </button>
    </>
  );
}

/* ---------- Sessions ---------- */

/** A session row as typed: the price in rupees as text, or free. */
export interface SessionRow {
  key: number;
  title: string;
  duration: string;
  price: string;
  free: boolean;
}

let nextKey = 1;
export function newSessionRow(partial: Partial<Omit<SessionRow, "key">> = {}): SessionRow {
  return { key: nextKey++, title: "", duration: "60", price: "", free: false, ...partial };
}

export function SessionRows({ rows, onChange }: { rows: readonly SessionRow[]; onChange: (next: SessionRow[]) => void }) {
  const baseId = useId();
  const set = (key: number, change: Partial<SessionRow>) => onChange(rows.map((r) => (r.key === key ? { ...r, ...change } : r)));
  return (
    <>
      <ol className="ap-sessions">
        {rows.map((row, i) => {
          const id = `${baseId}-${row.key}`;
          return (
            <li key={row.key} className="ap-session" data-testid="session-row">
              <div className="ap-session__head">
                <span className="ap-session__number">Session {i + 1}</span>
                {rows.length > 1 ? (
                  <button type="button" className="btn btn--ghost ap-session__remove" onClick={() => onChange(rows.filter((r) => r.key !== row.key))}>
                    Remove<span className="sr-only"> session {i + 1}</span>
                  </button>
                ) : null}
              </div>
              <div className="ap-session__grid">
                <div className="sp-field ap-session__title">
                  <label htmlFor={`${id}-title`} className="sp-field__label">
                    Title
                  </label>
                  <input
                    id={`${id}-title`}
                    className="sp-field__control"
                    value={row.title}
                    placeholder="e.g. Career strategy call"
                    onChange={(e) => set(row.key, { title: e.target.value })}
                  />
                </div>
                <div className="sp-field">
                  <label htmlFor={`${id}-duration`} className="sp-field__label">
                    Length
                  </label>
                  <div className="sp-field__select">
                    <select id={`${id}-duration`} className="sp-field__control" value={row.duration} onChange={(e) => set(row.key, { duration: e.target.value })}>
                      {/* The lengths the crate offers (within the slots' 15 to 180 minutes). */}
                      {applicationLimits().durations.map((d) => (
                        <option key={d} value={String(d)}>
                          {durationLabel(d)}
                        </option>
                      ))}
                    </select>
                  </div>
                </div>
                <div className="sp-field">
                  <label htmlFor={`${id}-price`} className="sp-field__label">
                    Price (₹)
                  </label>
                  <div className="ap-price">
                    <span className="ap-price__unit" aria-hidden="true">
                      ₹
                    </span>
                    <input
                      id={`${id}-price`}
                      className="sp-field__control ap-price__input"
                      inputMode="numeric"
                      value={row.free ? "" : row.price}
                      placeholder={row.free ? "Free" : "1500"}
                      disabled={row.free}
                      onChange={(e) => set(row.key, { price: e.target.value })}
                    />
                  </div>
                  <label className="ap-check">
                    <input type="checkbox" checked={row.free} onChange={(e) => set(row.key, { free: e.target.checked })} />
                    Free session
                  </label>
                </div>
              </div>
            </li>
          );
        })}
      </ol>
      {/* The crate's limit: the form only stops offering more rows there. */}
      {rows.length < applicationLimits().maxSessions ? (
        <button type="button" className="btn btn--secondary ap-add" onClick={() => onChange([...rows, newSessionRow()])}>
          + Add a session
        </button>
      ) : null}
    </>
  );
}

/* ---------- Photo ---------- */

type PhotoState =
  | { status: "idle" }
  | { status: "uploading"; preview: string }
  | { status: "done"; photo: UploadedPhoto }
  | { status: "failed"; message: string };

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join("");
}

/**
 * The application's photo, uploaded when chosen: a preview of the file
 * while it uploads, then the server's version over its blurred placeholder.
 * The server checks type and size; its message says what to do.
 */
export function PhotoPicker({ name, onChange }: { name: string; onChange: (photoId: string | undefined) => void }) {
  const [state, setState] = useState<PhotoState>({ status: "idle" });
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const preview = state.status === "uploading" ? state.preview : undefined;
  useEffect(() => () => (preview ? URL.revokeObjectURL?.(preview) : undefined), [preview]);

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    setState({ status: "uploading", preview: URL.createObjectURL?.(file) ?? "" });
    onChange(undefined);
    try {
      const answer = await uploadApplicationPhoto(file);
      if (answer.ok && answer.body !== null && typeof answer.body.photo_id === "string") {
        setState({ status: "done", photo: answer.body });
        onChange(answer.body.photo_id);
        return;
      }
      setState({ status: "failed", message: errorMessages(answer.body)[0]?.message ?? PHOTO_FAILED });
    } catch (error) {
      if (!(error instanceof SessionEndedError)) setState({ status: "failed", message: NETWORK_ERROR });
    }
  }

  const shown = state.status === "done" ? state.photo.url : state.status === "uploading" ? state.preview : undefined;
  const placeholder = state.status === "done" ? state.photo.placeholder : undefined;
  return (
    <div className="ap-photo" data-testid="photo">
      <div
        className={`ap-photo__frame${state.status === "uploading" ? " is-uploading" : ""}`}
        style={placeholder ? { backgroundImage: `url("${placeholder}")` } : undefined}
      >
        {shown ? <img src={shown} alt="Your photo" width={96} height={96} /> : <span aria-hidden="true">{initials(name) || "?"}</span>}
        {state.status === "uploading" ? <span className="spinner ap-photo__spinner" aria-hidden="true" /> : null}
      </div>
      <div className="ap-photo__text">
        <p id={hintId} className="sp-field__hint">
          A clear, friendly head-and-shoulders photo. JPEG, PNG or WebP.
        </p>
        <input
          ref={input}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          className="sr-only"
          aria-label="Choose a photo"
          aria-describedby={hintId}
          tabIndex={-1}
          onChange={(e) => void onFile(e)}
        />
        <div className="ap-inline ap-inline--start">
          <button
            type="button"
            className="btn btn--secondary"
            onClick={() => input.current?.click()}
            disabled={state.status === "uploading"}
            aria-busy={state.status === "uploading"}
          >
            {state.status === "uploading" ? "Uploading…" : shown ? "Change photo" : "Upload a photo"}
          </button>
          {state.status === "done" ? (
            <button
              type="button"
              className="btn btn--ghost"
              onClick={() => {
                setState({ status: "idle" });
                onChange(undefined);
              }}
            >
              Remove
            </button>
          ) : null}
        </div>
        <div aria-live="polite">{state.status === "failed" ? <FormAlert tone="error">{state.message}</FormAlert> : null}</div>
      </div>
    </div>
  );
}
