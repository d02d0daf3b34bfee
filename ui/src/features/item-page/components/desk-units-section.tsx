import { Undo2 } from "lucide-react";
import { useState } from "react";
import type { ItemAvailability, ItemDetails, UnitOccupation } from "../../../api/inventario";
import { useReturnUnits } from "../../../api/loans";
import type { ItemPhoto } from "../../../api/photos";
import { Alert } from "../../../components/alert";
import { Button } from "../../../components/button";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { Picture } from "../../../components/picture";
import { UnitStatusBadge } from "../../../components/status-badge";
import { useToast } from "../../../components/toast";
import { formatDate } from "../../../lib/dates";

/** The started loan holding a unit today, if any: its borrower and due date. */
function currentLoan(occupations: UnitOccupation[], today: string): UnitOccupation | undefined {
  return occupations.find((taken) => taken.tipo === "prestito" && taken.dal <= today);
}

interface DeskUnitsSectionProps {
  item: ItemDetails;
  availability: ItemAvailability | undefined;
  today: string;
  unitCode: string | null;
  photos: ItemPhoto[];
}

/** Each unit with its own photo, its state, who holds it until when, and its return on the spot. */
export function DeskUnitsSection({ item, availability, today, unitCode, photos }: DeskUnitsSectionProps) {
  const [returning, setReturning] = useState<{ loanId: number; code: string } | null>(null);
  const returnLoan = useReturnUnits();
  const showToast = useToast();
  const calendars = new Map(availability?.unita.map((unit) => [unit.id, unit.occupazioni]) ?? []);
  return (
    <section aria-labelledby="units-title" className="rounded-xl border border-slate-200 bg-white shadow-sm">
      <h2 id="units-title" className="border-b border-slate-100 px-4 py-3 text-base font-semibold text-slate-900">
        Unità
      </h2>
      <ul className="divide-y divide-slate-100">
        {item.unita.map((unit) => {
          const loan = currentLoan(calendars.get(unit.id) ?? [], today);
          const picked = unit.codice_univoco === unitCode;
          const photo = photos.find((shown) => shown.unita_id === unit.id);
          return (
            <li
              key={unit.id}
              aria-current={picked ? "true" : undefined}
              className={`flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 ${picked ? "bg-indigo-50 ring-2 ring-indigo-500 ring-inset" : ""}`}
            >
              {photo && (
                <Picture
                  url={photo.url}
                  alt={`Foto dell'unità ${unit.codice_univoco}`}
                  className="size-12 rounded-md bg-slate-100 object-cover"
                />
              )}
              <span className="font-mono text-sm font-semibold break-words text-slate-900">{unit.codice_univoco}</span>
              <UnitStatusBadge state={unit.stato} />
              {loan && (
                <span className="text-sm text-slate-600">
                  {loan.chi ?? "—"} ·{" "}
                  {loan.al === null ? (
                    <span className="font-medium text-red-700">scaduto, da restituire</span>
                  ) : (
                    <>rientro {formatDate(loan.al)}</>
                  )}
                </span>
              )}
              {loan?.riferimento_id && (
                <Button
                  variant="secondary"
                  icon={Undo2}
                  className="ml-auto"
                  onClick={() => setReturning({ loanId: loan.riferimento_id as number, code: unit.codice_univoco })}
                >
                  Registra restituzione
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      {returning && (
        <ConfirmDialog
          title="Registra restituzione"
          message={`Confermi che il prestito dell'unità ${returning.code} è rientrato oggi?`}
          confirmLabel="Conferma restituzione"
          busy={returnLoan.isPending}
          onCancel={() => setReturning(null)}
          onConfirm={() =>
            returnLoan.mutate(
              { loanId: returning.loanId },
              {
                onSuccess: () => {
                  showToast(`Restituzione dell'unità ${returning.code} registrata`);
                  setReturning(null);
                },
              },
            )
          }
        />
      )}
      {returnLoan.error && (
        <div className="p-4">
          <Alert tone="error">{returnLoan.error.message}</Alert>
        </div>
      )}
    </section>
  );
}
