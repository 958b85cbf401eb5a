import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { useLocation } from "react-router";

/**
 * A header pop-up's open state (the Business menu, the notification bell):
 * it closes when the page changes, on a press outside `rootRef`, and on
 * Escape, which gives the focus back to `buttonRef`.
 */
export function useDisclosure() {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();

  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  /** Closes and puts the focus back on the button. */
  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  /** Escape closes an open pop-up; `true` when it did (the key is handled). */
  const closeOnEscape = (event: KeyboardEvent<HTMLElement>): boolean => {
    if (event.key !== "Escape" || !open) return false;
    event.preventDefault();
    close();
    return true;
  };

  return { open, setOpen, rootRef, buttonRef, close, closeOnEscape, pathname };
}
