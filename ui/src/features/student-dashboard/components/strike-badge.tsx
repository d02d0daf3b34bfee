import { Ban, TriangleAlert } from "lucide-react";
import { WARN_AT_STRIKES } from "../../../../../src/domain/loan-rules";
import { Badge, type BadgeTone } from "../../../components/status-badge";

/** No badge without strikes; yellow at 1, orange from the warning threshold; red when blocked. */
function strikeTone(strikes: number, blocked: boolean): BadgeTone | null {
  if (blocked) return "red";
  if (strikes >= WARN_AT_STRIKES) return "orange";
  if (strikes > 0) return "yellow";
  return null;
}

export function StrikeBadge({ strikes, blocked }: { strikes: number; blocked: boolean }) {
  const tone = strikeTone(strikes, blocked);
  if (!tone) return null;
  return (
    <Badge tone={tone}>
      {blocked ? (
        <Ban className="size-3" aria-hidden="true" />
      ) : (
        <TriangleAlert className="size-3" aria-hidden="true" />
      )}
      {blocked ? "Bloccato" : `${strikes} strike`}
    </Badge>
  );
}
