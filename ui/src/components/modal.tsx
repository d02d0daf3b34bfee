import { type ReactNode, useId } from "react";
import { CloseButton } from "./close-button";
import { DialogFrame } from "./dialog-frame";
import { firstFocusable } from "./use-dialog-focus";

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
  const isSheet = placement === "sheet";
  return (
    <DialogFrame
      onClose={onClose}
      initialFocus={(root) =>
        root.querySelector<HTMLElement>("[data-autofocus]") ??
        root.querySelector<HTMLElement>("input, select, textarea") ??
        firstFocusable(root)
      }
      titleId={titleId}
      descriptionId={description ? descriptionId : undefined}
      placementClassName={`justify-center ${isSheet ? "items-end" : "items-end sm:items-center"}`}
      backdropClassName="bg-black/50 backdrop-blur-[1px]"
      panelClassName={`max-h-[92dvh] ${isSheet ? "rounded-t-2xl" : `rounded-t-2xl sm:m-4 sm:rounded-xl ${WIDTHS[size]}`}`}
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
    </DialogFrame>
  );
}

/** The row of buttons at the bottom of a dialog: stacked on phones, right-aligned from `sm` up. */
export function ModalActions({ children }: { children: ReactNode }) {
  return <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{children}</div>;
}
