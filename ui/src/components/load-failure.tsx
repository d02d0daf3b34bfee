import { RefreshCw } from "lucide-react";
import { Alert } from "./alert";
import { Button } from "./button";

/** Something that failed to load, with a button to ask again. */
export function LoadFailure({ children, onRetry }: { children: string; onRetry: () => void }) {
  return (
    <Alert
      tone="error"
      action={
        <Button variant="ghost" icon={RefreshCw} onClick={onRetry} className="-my-1.5 py-1.5">
          Riprova
        </Button>
      }
    >
      {children}
    </Alert>
  );
}
