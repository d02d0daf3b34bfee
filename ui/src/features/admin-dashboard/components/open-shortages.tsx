import { PackageX } from "lucide-react";
import { type ShortageOutcome, useOpenShortages, useResolveShortage } from "../../../api/prenotazioni";
import { Button } from "../../../components/button";
import { StudentLink } from "../../../components/entity-links";
import { useToast } from "../../../components/toast";
import { formatDate } from "../../../lib/dates";
import { DashboardListCard } from "./dashboard-list-card";

/** How a mancanza closes: the accessory came back, the student replaced it, or it is charged as a penalty. */
const OUTCOMES: { esito: ShortageOutcome; label: string }[] = [
  { esito: "restituito", label: "Restituito" },
  { esito: "sostituito", label: "Sostituito" },
  { esito: "penalita", label: "Penalità" },
];

/** The accessories not returned with a set or a single loan, open until the desk resolves them; hidden when none is. */
export function OpenShortages() {
  const shortages = useOpenShortages();
  const resolve = useResolveShortage();
  const showToast = useToast();
  return (
    <DashboardListCard
      query={shortages}
      titleId="open-shortages-title"
      title="Mancanze aperte"
      icon={PackageX}
      tone="alarm"
    >
      {(rows) =>
        rows.map((shortage) => {
          const student = `${shortage.utente_nome ?? ""} ${shortage.utente_cognome ?? ""}`.trim() || "Utente eliminato";
          return (
            <li key={shortage.id} className="flex flex-wrap items-center justify-between gap-3 px-5 py-3 text-sm">
              <span className="min-w-0">
                <span className="font-medium text-slate-900">
                  {shortage.quantita} × {shortage.nome}
                </span>
                <span className="text-slate-600">
                  {" "}
                  · <StudentLink id={shortage.utente_id} name={student} /> ·{" "}
                  {shortage.prenotazione_id !== null
                    ? `prenotazione #${shortage.prenotazione_id}`
                    : `prestito #${shortage.prestito_id}`}{" "}
                  · dal {formatDate(shortage.created_at)}
                </span>
              </span>
              <div className="flex flex-wrap gap-2">
                {OUTCOMES.map(({ esito, label }) => (
                  <Button
                    key={esito}
                    variant="secondary"
                    className="py-1.5"
                    busy={
                      resolve.isPending && resolve.variables?.id === shortage.id && resolve.variables.esito === esito
                    }
                    disabled={resolve.isPending && resolve.variables?.id === shortage.id}
                    aria-label={`Segna ${label.toLowerCase()}: ${shortage.nome} di ${student}`}
                    onClick={() =>
                      resolve.mutate(
                        { id: shortage.id, esito },
                        { onSuccess: () => showToast(`${shortage.nome} di ${student}: ${label.toLowerCase()}`) },
                      )
                    }
                  >
                    {label}
                  </Button>
                ))}
              </div>
            </li>
          );
        })
      }
    </DashboardListCard>
  );
}
