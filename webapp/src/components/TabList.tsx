import { useRef, type KeyboardEvent, type ReactNode } from "react";

export interface TabItem<T extends string> {
  id: T;
  /** What the tab shows: its name, and an icon or a count beside it. */
  content: ReactNode;
  testId?: string;
}

interface Props<T extends string> {
  tabs: readonly TabItem<T>[];
  selected: T;
  /** `keyboard` is true when an arrow, Home or End key chose the tab. */
  onSelect: (id: T, keyboard: boolean) => void;
  /** The list's accessible name. */
  label: string;
  /** The id of a tab's button, which its panel names with `aria-labelledby`. */
  tabId: (id: T) => string;
  /** The id of the panel a tab controls. */
  panelId: (id: T) => string;
  className: string;
  tabClassName: string;
  /** A vertical list also moves with the up and down arrows. */
  vertical?: boolean;
}

/**
 * A WAI-ARIA tab list with a roving tab stop: one Tab key reaches the chosen
 * tab, the arrows (wrapping), Home and End choose and focus another.
 */
export function TabList<T extends string>({ tabs, selected, onSelect, label, tabId, panelId, className, tabClassName, vertical = false }: Props<T>) {
  const refs = useRef(new Map<T, HTMLButtonElement>());

  function onKey(event: KeyboardEvent<HTMLButtonElement>) {
    const at = tabs.findIndex((t) => t.id === selected);
    const key = event.key;
    let next: number | undefined;
    if (key === "ArrowRight" || (vertical && key === "ArrowDown")) next = (at + 1) % tabs.length;
    else if (key === "ArrowLeft" || (vertical && key === "ArrowUp")) next = (at - 1 + tabs.length) % tabs.length;
    else if (key === "Home") next = 0;
    else if (key === "End") next = tabs.length - 1;
    const target = next === undefined ? undefined : tabs[next];
    if (!target) return;
    event.preventDefault();
    onSelect(target.id, true);
    refs.current.get(target.id)?.focus();
  }

  return (
    <div className={className} role="tablist" aria-label={label} aria-orientation={vertical ? "vertical" : undefined}>
      {tabs.map((t) => (
        <button
          key={t.id}
          ref={(el) => {
            if (el) refs.current.set(t.id, el);
            else refs.current.delete(t.id);
          }}
          type="button"
          role="tab"
          id={tabId(t.id)}
          aria-selected={t.id === selected}
          aria-controls={panelId(t.id)}
          tabIndex={t.id === selected ? 0 : -1}
          className={`${tabClassName}${t.id === selected ? " is-active" : ""}`}
          onClick={() => onSelect(t.id, false)}
          onKeyDown={onKey}
          data-testid={t.testId}
        >
          {t.content}
        </button>
      ))}
    </div>
  );
}
