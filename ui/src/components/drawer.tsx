import { type ReactNode, useId } from "react";
import { CloseButton } from "./close-button";
import { DialogFrame } from "./dialog-frame";

interface DrawerProps {
  title: string;
  /** Shown next to the title, e.g. a count. */
  badge?: ReactNode;
  onClose: () => void;
  children: ReactNode;
  /** Pinned under the scrolling content. */
  footer?: ReactNode;
}

/**
 * A panel that slides in from the right edge (the whole width on phones): a modal dialog that keeps
 * the focus inside, closes with Escape or a click beside it, and gives the focus back when it closes.
 */
export function Drawer({ title, badge, onClose, children, footer }: DrawerProps) {
  const titleId = useId();
  return (
    <DialogFrame
      onClose={onClose}
      // The panel itself takes the focus: its first control is the close button.
      initialFocus={(root) => root}
      titleId={titleId}
      placementClassName="justify-end"
      backdropClassName="bg-black/40"
      panelClassName="h-full sm:max-w-md"
    >
      <div className="flex items-center justify-between gap-4 border-b border-slate-100 px-5 py-4">
        <div className="flex min-w-0 items-center gap-2">
          <h2 id={titleId} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          {badge}
        </div>
        <CloseButton label="Chiudi pannello" onClick={onClose} />
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">{children}</div>
      {footer && <div className="border-t border-slate-100 px-5 py-4">{footer}</div>}
    </DialogFrame>
  );
}
