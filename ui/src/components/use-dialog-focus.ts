import { type KeyboardEvent, type RefObject, useEffect, useRef } from "react";

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The keyboard contract of every modal panel (dialogs and drawers): on open the focus moves to what
 * `initialFocus` picks inside the panel and the page stops scrolling; Tab and Shift+Tab cycle inside;
 * Escape closes; on close the focus returns where it was. Returns the panel's keydown handler.
 */
export function useDialogFocus(
  panel: RefObject<HTMLDivElement | null>,
  onClose: () => void,
  initialFocus: (root: HTMLElement) => HTMLElement | null,
) {
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  const initialFocusRef = useRef(initialFocus);

  useEffect(() => {
    const previouslyFocused = document.activeElement as HTMLElement | null;
    const root = panel.current;
    if (root) (initialFocusRef.current(root) ?? root).focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = "hidden";
    // When the focused control disappears (a step replaced it), focus falls back to the page: the keys
    // still belong to the topmost dialog, so Escape closes it and Tab goes back inside.
    function handleKeysWithoutFocus(event: globalThis.KeyboardEvent) {
      const dialogs = document.querySelectorAll('[aria-modal="true"]');
      const focusLost = !document.activeElement || document.activeElement === document.body;
      if (!focusLost || !root || dialogs[dialogs.length - 1] !== root) return;
      if (event.key === "Escape") closeRef.current();
      else if (event.key === "Tab") {
        event.preventDefault();
        (root.querySelector<HTMLElement>(FOCUSABLE) ?? root).focus();
      }
    }
    document.addEventListener("keydown", handleKeysWithoutFocus);
    return () => {
      document.removeEventListener("keydown", handleKeysWithoutFocus);
      document.body.style.overflow = overflow;
      previouslyFocused?.focus?.();
    };
  }, [panel]);

  return function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === "Escape") {
      event.stopPropagation();
      closeRef.current();
      return;
    }
    if (event.key !== "Tab" || !panel.current) return;
    const focusable = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && (document.activeElement === first || document.activeElement === panel.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };
}

/** The first focusable control inside `root`. */
export function firstFocusable(root: HTMLElement) {
  return root.querySelector<HTMLElement>(FOCUSABLE);
}
