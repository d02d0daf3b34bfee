import { type ReactNode, useId, useRef } from "react";
import { createPortal } from "react-dom";
import { CloseButton } from "./close-button";
import { firstFocusable, useDialogFocus } from "./use-dialog-focus";

interface ModalProps {
  title: string;
  description?: string;
  onClose: () => void;
  children: ReactNode;
  /** `sheet` slides up from the bottom edge (the mobile menu). */
  placement?: "center" | "sheet";
  size?: "sm" | "md" | "lg";
}

const WIDTHS = { sm: "sm:max-w-sm", md: "sm:max-w-lg", lg: "sm:max-w-2xl" };

/**
 * An accessible dialog: on open, focus moves inside (a `data-autofocus` element, else the first field,
 * else the first button) and stays there until it closes, then returns where it was. Escape and a
 * click outside close it.
 */
export function Modal({ title, description, onClose, children, placement = "center", size = "md" }: ModalProps) {
  const titleId = useId();
  const descriptionId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const handleKeyDown = useDialogFocus(
    panel,
    onClose,
    (root) =>
      root.querySelector<HTMLElement>("[data-autofocus]") ??
      root.querySelector<HTMLElement>("input, select, textarea") ??
      firstFocusable(root),
  );

  const isSheet = placement === "sheet";
  return createPortal(
    <div className={`fixed inset-0 z-50 flex justify-center ${isSheet ? "items-end" : "items-end sm:items-center"}`}>
      <button
        type="button"
        tabIndex={-1}
        aria-label="Chiudi"
        className="absolute inset-0 cursor-default bg-black/50 backdrop-blur-[1px]"
        onClick={onClose}
      />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        onKeyDown={handleKeyDown}
        className={`relative flex max-h-[92dvh] w-full flex-col bg-white shadow-xl focus:outline-none ${
          isSheet ? "rounded-t-2xl" : `rounded-t-2xl sm:m-4 sm:rounded-xl ${WIDTHS[size]}`
        }`}
      >
        <div className="flex items-start justify-between gap-4 border-b border-slate-100 px-5 py-4">
          <div className="min-w-0">
            <h2 id={titleId} className="text-lg font-semibold text-slate-900">
              {title}
            </h2>
            {description && (
              <p id={descriptionId} className="mt-0.5 text-sm text-slate-500">
                {description}
              </p>
            )}
          </div>
          <CloseButton label="Chiudi finestra" onClick={onClose} />
        </div>
        <div className="overflow-y-auto px-5 py-5">{children}</div>
      </div>
    </div>,
    document.body,
  );
}

/** The row of buttons at the bottom of a dialog: stacked on phones, right-aligned from `sm` up. */
export function ModalActions({ children }: { children: ReactNode }) {
  return <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{children}</div>;
}
