import { useId, type ReactNode } from "react";

export interface ListEditorProps<T> {
  /** The list's heading (Education, Experience, Projects). */
  title: string;
  /** One item's name, for buttons and labels: "education", "role", "project". */
  noun: string;
  items: readonly T[];
  onChange: (items: T[]) => void;
  /** A new, empty item. */
  blank: () => T;
  /** The fields of item `index`; `update` replaces it. */
  renderItem: (item: T, index: number, update: (item: T) => void) => ReactNode;
  /** The crate's or the server's first message for the whole list. */
  error?: string | undefined;
  empty: string;
}

/** A list of entries the mentor adds, edits and removes (education, experience, projects). */
export function ListEditor<T>({ title, noun, items, onChange, blank, renderItem, error, empty }: ListEditorProps<T>) {
  const id = useId();
  return (
    <fieldset className={`md-list${error ? " md-list--invalid" : ""}`} aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="md-list__title">{title}</legend>
      {items.length === 0 ? <p className="md-muted md-list__empty">{empty}</p> : null}
      <ol className="md-list__items">
        {items.map((item, i) => (
          <li key={i} className="md-list__item">
            <div className="md-list__item-head">
              <span className="md-list__number">
                {title} {i + 1}
              </span>
              <button
                type="button"
                className="md-link md-link--danger"
                onClick={() => onChange(items.filter((_, j) => j !== i))}
                aria-label={`Remove ${noun} ${i + 1}`}
              >
                Remove
              </button>
            </div>
            <div className="md-list__fields">{renderItem(item, i, (next) => onChange(items.map((old, j) => (j === i ? next : old))))}</div>
          </li>
        ))}
      </ol>
      {error ? (
        <p id={`${id}-error`} className="sp-field__error md-list__error" data-testid="field-error">
          {error}
        </p>
      ) : null}
      <button type="button" className="btn btn--ghost md-add" onClick={() => onChange([...items, blank()])}>
        + Add {noun}
      </button>
    </fieldset>
  );
}
