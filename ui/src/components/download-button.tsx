import { FileDown, type LucideIcon } from "lucide-react";
import { useState } from "react";
import { ApiError } from "../lib/api";
import { Button } from "./button";

/** A button that downloads a file (a receipt, a calendar entry); a failure is said in place, beside it. */
export function DownloadButton({
  download,
  label,
  ariaLabel,
  icon = FileDown,
  fallbackError,
}: {
  download: () => Promise<void>;
  label: string;
  /** When the button sits in a list: its visible text, then what it is about. */
  ariaLabel?: string;
  icon?: LucideIcon;
  fallbackError: string;
}) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  async function run() {
    setBusy(true);
    setFailure(null);
    try {
      await download();
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : fallbackError);
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <Button variant="secondary" icon={icon} busy={busy} onClick={run} aria-label={ariaLabel} className="px-3 py-2">
        {label}
      </Button>
      {failure && (
        <span role="alert" className="text-sm text-red-700">
          {failure}
        </span>
      )}
    </>
  );
}
