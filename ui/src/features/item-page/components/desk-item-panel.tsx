import { CalendarRange, ClipboardList, PackageCheck, QrCode, Undo2, Wrench } from "lucide-react";
import QRCode from "qrcode";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { addDays } from "../../../../../src/domain/dates";
import type { UnitState } from "../../../../../src/domain/unit-state";
import type { ItemAvailability, ItemDetails, UnitOccupation } from "../../../api/inventario";
import { useReturnUnits } from "../../../api/loans";
import { ActivityHistory } from "../../../components/activity-history/activity-history";
import { Alert } from "../../../components/alert";
import { Button } from "../../../components/button";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { Badge, type BadgeTone } from "../../../components/status-badge";
import { useToast } from "../../../components/toast";
import { formatDate } from "../../../lib/dates";
import { OCCUPATION_LABELS } from "../../../lib/item-availability";
import { itemActionLink } from "../../../lib/item-links";
import { UnitTimeline } from "./unit-timeline";

const UNIT_STATES: Record<UnitState, { label: string; tone: BadgeTone }> = {
  disponibile: { label: "Disponibile", tone: "green" },
  prestato: { label: "In prestito", tone: "amber" },
  riservato: { label: "Prenotata", tone: "blue" },
  in_riparazione: { label: "In riparazione", tone: "orange" },
  perso: { label: "Persa", tone: "red" },
};

interface DeskItemPanelProps {
  item: ItemDetails;
  availability: ItemAvailability | undefined;
  today: string;
  /** A unit's code from its label's QR (`?unita=`): that unit is picked out. */
  unitCode: string | null;
}

/** The started loan holding a unit today, if any: its borrower and due date. */
function currentLoan(occupations: UnitOccupation[], today: string): UnitOccupation | undefined {
  return occupations.find((taken) => taken.tipo === "prestito" && taken.dal <= today);
}

/** The desk's view of an item: units with holder and due date, next bookings, timeline, history, actions. */
export function DeskItemPanel({ item, availability, today, unitCode }: DeskItemPanelProps) {
  const [returning, setReturning] = useState<{ loanId: number; code: string } | null>(null);
  const returnLoan = useReturnUnits();
  const showToast = useToast();
  const calendars = new Map(availability?.unita.map((unit) => [unit.id, unit.occupazioni]) ?? []);
  const upcoming = (availability?.unita ?? [])
    .flatMap((unit) =>
      unit.occupazioni
        .filter((taken) => (taken.tipo === "prestito" || taken.tipo === "richiesta") && taken.dal > today)
        .map((taken) => ({ ...taken, code: unit.codice_univoco })),
    )
    .sort((a, b) => a.dal.localeCompare(b.dal))
    .slice(0, 10);

  return (
    <div className="space-y-6">
      <ItemActions item={item} unitCode={unitCode} />

      <section aria-labelledby="units-title" className="rounded-xl border border-slate-200 bg-white shadow-sm">
        <h2 id="units-title" className="border-b border-slate-100 px-4 py-3 text-base font-semibold text-slate-900">
          Unità
        </h2>
        <ul className="divide-y divide-slate-100">
          {item.unita.map((unit) => {
            const state = UNIT_STATES[unit.stato];
            const loan = currentLoan(calendars.get(unit.id) ?? [], today);
            const picked = unit.codice_univoco === unitCode;
            return (
              <li
                key={unit.id}
                aria-current={picked ? "true" : undefined}
                className={`flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 ${picked ? "bg-indigo-50 ring-2 ring-indigo-500 ring-inset" : ""}`}
              >
                <span className="font-mono text-sm font-semibold break-words text-slate-900">
                  {unit.codice_univoco}
                </span>
                <Badge tone={state.tone}>{state.label}</Badge>
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
      </section>

      <section aria-labelledby="upcoming-title" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
        <h2 id="upcoming-title" className="mb-3 text-base font-semibold text-slate-900">
          Prossime prenotazioni
        </h2>
        {upcoming.length === 0 ? (
          <p className="text-sm text-slate-600">Nessuna prenotazione in arrivo.</p>
        ) : (
          <ul className="space-y-2 text-sm">
            {upcoming.map((taken) => (
              <li key={`${taken.tipo}-${taken.riferimento_id}-${taken.code}`} className="flex flex-wrap gap-x-3">
                <span className="font-medium text-slate-900">
                  {taken.dal === taken.al
                    ? formatDate(taken.dal)
                    : `${formatDate(taken.dal)} → ${taken.al ? formatDate(taken.al) : "…"}`}
                </span>
                <span className="font-mono text-slate-700">{taken.code}</span>
                <span className="text-slate-600">
                  {OCCUPATION_LABELS[taken.tipo]} · {taken.chi ?? "—"}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      {availability && (
        <section aria-labelledby="timeline-title" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <h2 id="timeline-title" className="mb-3 flex items-center gap-2 text-base font-semibold text-slate-900">
            <CalendarRange className="size-4 text-slate-500" aria-hidden="true" />
            Le prossime quattro settimane
          </h2>
          <UnitTimeline availability={availability} from={today} to={addDays(today, 27)} pickedCode={unitCode} />
        </section>
      )}

      <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
        <ActivityHistory entity="item" id={item.id} title="Storico dell'articolo" />
      </div>

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
      {returnLoan.error && <Alert tone="error">{returnLoan.error.message}</Alert>}
    </div>
  );
}

const ACTION_LINK =
  "inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-700 shadow-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600";

/**
 * Lend (the direct-loan wizard on this item), open a repair (both on the picked unit, if any), the item's
 * loans, download the QR code of the item's page.
 */
function ItemActions({ item, unitCode }: { item: ItemDetails; unitCode: string | null }) {
  const [qr, setQr] = useState<string | null>(null);
  const pageUrl = `${window.location.origin}/inventario/${item.id}`;
  useEffect(() => {
    let current = true;
    QRCode.toDataURL(pageUrl, { margin: 1, width: 512 }).then((url) => {
      if (current) setQr(url);
    });
    return () => {
      current = false;
    };
  }, [pageUrl]);
  return (
    <nav aria-label="Azioni sull'articolo" className="flex flex-wrap gap-2">
      <Link to={itemActionLink("nuovo-prestito", item.id, unitCode)} className={ACTION_LINK}>
        <PackageCheck className="size-4" aria-hidden="true" />
        Presta
      </Link>
      <Link to={itemActionLink("nuova-riparazione", item.id, unitCode)} className={ACTION_LINK}>
        <Wrench className="size-4" aria-hidden="true" />
        Apri riparazione
      </Link>
      <Link to={`/prestiti?cerca=${encodeURIComponent(item.nome)}`} className={ACTION_LINK}>
        <ClipboardList className="size-4" aria-hidden="true" />
        Prestiti dell'articolo
      </Link>
      {qr && (
        <a href={qr} download={`qr-${item.id}.png`} className={ACTION_LINK}>
          <QrCode className="size-4" aria-hidden="true" />
          Scarica QR
        </a>
      )}
    </nav>
  );
}
