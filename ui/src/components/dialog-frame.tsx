import { type ReactNode, useRef } from "react";
import { createPortal } from "react-dom";
import { useDialogFocus } from "./use-dialog-focus";

interface DialogFrameProps {
  onClose: () => void;
  /** Picks what takes the focus when the panel opens. */
  initialFocus: (root: HTMLElement) => HTMLElement | null;
  titleId: string;
  descriptionId?: string;
  /** Where the panel sits on the page. */
  placementClassName: string;
  backdropClassName: string;
  /** The panel's size and corners. */
  panelClassName: string;
  children: ReactNode;
}

/**
 * What every modal panel (dialogs and drawers) stands on: a layer over the page whose backdrop closes it
 * on a click, and a panel named by its title that keeps the keyboard inside (see `useDialogFocus`).
 */
export function DialogFrame({
  onClose,
  initialFocus,
  titleId,
  descriptionId,
  placementClassName,
  backdropClassName,
  panelClassName,
  children,
}: DialogFrameProps) {
  const panel = useRef<HTMLDivElement>(null);
  const handleKeyDown = useDialogFocus(panel, onClose, initialFocus);
  return createPortal(
    <div className={`fixed inset-0 z-50 flex ${placementClassName}`}>
      <button
        type="button"
        tabIndex={-1}
        aria-label="Chiudi"
        className={`absolute inset-0 cursor-default ${backdropClassName}`}
        onClick={onClose}
      />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        tabIndex={-1}
        onKeyDown={handleKeyDown}
        className={`relative flex w-full flex-col bg-white shadow-xl focus:outline-none ${panelClassName}`}
      >
        {children}
      </div>
    </div>,
    document.body,
  );
}
