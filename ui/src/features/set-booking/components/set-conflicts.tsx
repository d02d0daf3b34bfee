import { formatItalianDate } from "../../../../../src/domain/dates";
import type { SetConflictLine } from "../../../api/prenotazioni";
import { Alert } from "../../../components/alert";

/** Why the server refused the set: per line, how many units are missing and when the line is next free. */
export function SetConflicts({ lines, nameOf }: { lines: SetConflictLine[]; nameOf: (itemId: number) => string }) {
  return (
    <Alert tone="error">
      <p className="font-medium">Alcune righe non sono libere per queste date:</p>
      <ul aria-label="Righe non disponibili" className="mt-1 list-disc space-y-1 pl-5">
        {lines.map((line) => (
          <li key={line.inventario_id}>
            <span className="font-medium">{nameOf(line.inventario_id)}</span>: {line.libere} di {line.richieste}{" "}
            {line.richieste === 1 ? "unità libera" : "unità libere"}
            {" — "}
            {line.libero_dal
              ? `di nuovo libera dal ${formatItalianDate(line.libero_dal)}`
              : "non libera nei prossimi 12 mesi"}
          </li>
        ))}
      </ul>
    </Alert>
  );
}
