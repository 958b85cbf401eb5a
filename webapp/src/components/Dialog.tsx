import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from "react";
import { createPortal } from "react-dom";
import "./dialog.css";

export interface DialogProps {
  title: string;
  children: ReactNode;
  /** The buttons; the first focusable element gets focus when it opens. */
  actions: ReactNode;
  /** Escape and the backdrop call this. */
  onClose: () => void;
  icon?: ReactNode;
  testId?: string;
  /** Where focus goes when the dialog closes; default: where it was before. */
  returnFocus?: () => HTMLElement | null;
  /** A close (×) button in the corner, with this accessible name ("Close checkout"). */
  closeLabel?: string;
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog: rendered over the page, which becomes inert; focus moves
 * into it, Tab and Shift+Tab stay inside, Escape closes it and focus returns
 * to where it was.
 */
export function Dialog({ title, children, actions, onClose, icon, testId, returnFocus, closeLabel }: DialogProps) {
  const titleId = useId();
  const bodyId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const returnFocusRef = useRef(returnFocus);
  returnFocusRef.current = returnFocus;

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const root = document.getElementById("root");
    const wasInert = root?.hasAttribute("inert") ?? false;
    root?.setAttribute("inert", "");
    const first = ref.current?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? ref.current)?.focus();
    return () => {
      if (!wasInert) root?.removeAttribute("inert");
      const target = returnFocusRef.current?.() ?? previous;
      if (target?.isConnected) target.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      onCloseRef.current();
      return;
    }
    if (event.key !== "Tab") return;
    const focusable = Array.from(ref.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? []);
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    if (event.shiftKey && (document.activeElement === first || document.activeElement === ref.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div className="dialog-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onCloseRef.current()}>
      <div
        ref={ref}
        className="dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        data-testid={testId}
      >
        {closeLabel ? (
          <button type="button" className="dialog__close" aria-label={closeLabel} onClick={() => onCloseRef.current()} data-testid="dialog-close">
            <span aria-hidden="true">×</span>
          </button>
        ) : null}
        {icon ? <div className="dialog__icon">{icon}</div> : null}
        <h2 id={titleId} className="dialog__title">
          {title}
        </h2>
        <div id={bodyId} className="dialog__body">
          {children}
        </div>
        <div className="dialog__actions">{actions}</div>
      </div>
    </div>,
    document.body,
  );
}
