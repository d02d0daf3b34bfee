import { X } from "lucide-react";

/** How the × sits in the corner of a dialog's or a panel's header. */
const HEADER_CORNER =
  "-mr-2 rounded-lg p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-600 focus-visible:outline-2 focus-visible:outline-indigo-600";

/**
 * The × that closes a dialog, a panel or a message; `label` says what it closes to screen readers.
 * `small` fits it into a one-line message.
 */
export function CloseButton({
  label,
  onClick,
  className = HEADER_CORNER,
  small = false,
}: {
  label: string;
  onClick: () => void;
  className?: string;
  small?: boolean;
}) {
  return (
    <button type="button" onClick={onClick} aria-label={label} className={className}>
      <X className={small ? "size-4" : "size-5"} aria-hidden="true" />
    </button>
  );
}
