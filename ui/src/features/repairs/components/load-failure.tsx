import { RefreshCw } from "lucide-react";
import { Alert } from "../../../components/alert";
import { Button } from "../../../components/button";

/** A list that failed to load, with a button to ask again. */
export function LoadFailure({ children, onRetry }: { children: string; onRetry: () => void }) {
  return (
    <div className="p-4">
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
    </div>
  );
}
