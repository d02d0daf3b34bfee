import { UserX } from "lucide-react";
import { Badge } from "./status-badge";

/**
 * Beside an open loan whose borrower's account has expired (the server's `account_scaduto`): the loan
 * stays, and the desk knows the student can no longer book and must be reached to bring it back.
 */
export function ExpiredAccountBadge({ expired }: { expired: boolean }) {
  if (!expired) return null;
  return (
    <span title="L'account dello studente è scaduto: il prestito resta da restituire">
      <Badge tone="orange">
        <UserX className="size-3" aria-hidden="true" />
        Account scaduto
      </Badge>
    </span>
  );
}
