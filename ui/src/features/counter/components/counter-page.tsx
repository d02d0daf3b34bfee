import { Camera, CameraOff, PackageCheck, PackageOpen, Plus, ScanLine, Search } from "lucide-react";
import { type FormEvent, lazy, Suspense, useCallback, useRef, useState } from "react";
import type { ScannedUnit } from "../../../../../src/modules/counter/model";
import type { LoanView, ReturnAnswer } from "../../../../../src/modules/loans/model";
import { scanCode } from "../../../api/banco";
import { Alert } from "../../../components/alert";
import { Button } from "../../../components/button";
import { HandOverDialog } from "../../../components/loan-desk/handover-dialog";
import { ReceiptButton } from "../../../components/loan-desk/receipt-button";
import { ReturnDialog } from "../../../components/loan-desk/return-dialog";
import { PageHeader } from "../../../components/page-header";
import { LoadingState } from "../../../components/spinner";
import { LoanStatusBadge } from "../../../components/status-badge";
import { ApiError } from "../../../lib/api";
import { formatDate } from "../../../lib/dates";
import { toCollectText } from "../../../lib/loan-phase";
import { LendPanel } from "./lend-panel";

// The fallback QR decoder is large: it is downloaded only when the camera is turned on.
const CameraScanner = lazy(() =>
  import("../scan/camera-scanner").then((module) => ({ default: module.CameraScanner })),
);

interface SessionEntry {
  id: number;
  at: Date;
  code: string;
  itemName: string;
  outcome: string;
}

type Dialog =
  | { kind: "handover"; unit: ScannedUnit; loan: LoanView }
  | { kind: "return"; unit: ScannedUnit; loan: LoanView };

const ACTION_TEXT: Record<ScannedUnit["azione"], string> = {
  restituzione: "In prestito: da restituire",
  consegna: "Da consegnare oggi",
  prestito: "Libera: si può prestare",
  non_disponibile: "Non disponibile (in riparazione o persa)",
};

interface UnitResultProps {
  unit: ScannedUnit;
  onAction: (dialog: Dialog) => void;
  /** The lend form is open under this unit. */
  lending: boolean;
  onLend: (lending: boolean) => void;
  onLent: (outcome: string) => void;
}

function UnitResult({ unit, onAction, lending, onLend, onLent }: UnitResultProps) {
  const loan = unit.prestito;
  return (
    <article
      aria-label={`${unit.codice_univoco} · ${unit.oggetto_nome}`}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-mono text-lg font-semibold break-all text-slate-900">{unit.codice_univoco}</p>
          <p className="text-sm text-slate-600">{unit.oggetto_nome}</p>
        </div>
        {loan && <LoanStatusBadge state={loan.fase} />}
      </div>
      <p className="mt-2 text-sm font-medium text-slate-800">{ACTION_TEXT[unit.azione]}</p>
      {loan && (
        <p className="mt-1 text-sm text-slate-600">
          {loan.utente_nome_reale} · dal {formatDate(loan.data_uscita)} al {formatDate(loan.data_rientro)}
          {toCollectText(loan) ? ` · ${toCollectText(loan)}` : ""}
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        {unit.azione === "consegna" && loan && (
          <Button icon={PackageOpen} onClick={() => onAction({ kind: "handover", unit, loan })}>
            Consegna
          </Button>
        )}
        {unit.azione === "restituzione" && loan && (
          <Button icon={PackageCheck} onClick={() => onAction({ kind: "return", unit, loan })}>
            Restituisci
          </Button>
        )}
        {unit.azione === "prestito" && !lending && (
          <Button icon={Plus} onClick={() => onLend(true)}>
            Presta a uno studente
          </Button>
        )}
        {loan && unit.azione !== "prestito" && <ReceiptButton loanId={loan.id} />}
      </div>
      {lending && <LendPanel unit={unit} onLent={onLent} onCancel={() => onLend(false)} />}
    </article>
  );
}

/**
 * The counter, scan first: a USB or Bluetooth scanner types the code and Enter into the focused field,
 * the camera reads a label's QR code, or the desk types the code. What was found says what to do
 * next (hand over, take back, lend); the session list keeps what happened.
 */
export function CounterPage() {
  const [code, setCode] = useState("");
  const [lastCode, setLastCode] = useState<string | null>(null);
  const [found, setFound] = useState<ScannedUnit[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [searching, setSearching] = useState(false);
  const [camera, setCamera] = useState(false);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [session, setSession] = useState<SessionEntry[]>([]);
  /** The free unit whose lend form is open. */
  const [lendingId, setLendingId] = useState<number | null>(null);
  const field = useRef<HTMLInputElement>(null);
  // The camera's callback stays the same across renders, so the stream is not restarted.
  const scanRef = useRef(scan);
  scanRef.current = scan;

  // Only the newest lookup shows its answer: a refresh after a dialog must not cover a newer scan.
  const newestLookup = useRef(0);
  /** Finds what `text` names; null when a newer lookup started meanwhile (its answer is the one shown). */
  const lookup = useCallback(async (text: string): Promise<ScannedUnit[] | null> => {
    const value = text.trim();
    if (!value) return [];
    const ticket = ++newestLookup.current;
    setSearching(true);
    setProblem(null);
    let units: ScannedUnit[] = [];
    let failure: string | null = null;
    try {
      units = (await scanCode(value)).unita;
    } catch (error) {
      failure = error instanceof ApiError ? error.message : "Codice non trovato";
    }
    if (ticket !== newestLookup.current) return null;
    setFound(units);
    setProblem(failure);
    if (!failure) setLastCode(value);
    setSearching(false);
    field.current?.focus();
    return units;
  }, []);

  const onCameraCode = useCallback((text: string) => {
    setCamera(false);
    void scanRef.current(text);
  }, []);

  function submit(event: FormEvent) {
    event.preventDefault();
    void scan(code);
  }

  async function scan(text: string) {
    // The field empties at once, ready for the next code a scanner types.
    setCode("");
    const units = await lookup(text);
    if (!units) return;
    const [only] = units.length === 1 ? units : [];
    if (only) remember(only, `Scansionata: ${ACTION_TEXT[only.azione].toLowerCase()}`);
    // One free unit scanned: it is there to be lent, so the lend form opens at once.
    setLendingId(only?.azione === "prestito" ? only.id : null);
  }

  function remember(unit: ScannedUnit, outcome: string) {
    setSession((entries) => [
      { id: entries.length + 1, at: new Date(), code: unit.codice_univoco, itemName: unit.oggetto_nome, outcome },
      ...entries,
    ]);
  }

  function closeDialog() {
    setDialog(null);
    if (lastCode) void lookup(lastCode);
  }

  function lent(unit: ScannedUnit, outcome: string) {
    remember(unit, outcome);
    setLendingId(null);
    if (lastCode) void lookup(lastCode);
  }

  function returned(unit: ScannedUnit, answer: ReturnAnswer) {
    remember(
      unit,
      answer.penalty
        ? `Restituita con ${answer.giorni_ritardo} giorni di ritardo: ${answer.penalty.strike_assegnati} penalità`
        : answer.riparazioni_ids.length > 0
          ? "Restituita danneggiata: in riparazione"
          : "Restituita",
    );
    closeDialog();
  }

  return (
    <>
      <PageHeader title="Banco" description="Scansiona un'etichetta o scrivi il codice di un'unità." />
      <section className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
        <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row">
          <div className="relative flex-1">
            <label htmlFor="counter-code" className="sr-only">
              Codice dell'unità
            </label>
            <ScanLine
              className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-500"
              aria-hidden="true"
            />
            <input
              id="counter-code"
              ref={field}
              // biome-ignore lint/a11y/noAutofocus: the counter is scan first; a USB scanner types into this field
              autoFocus
              autoComplete="off"
              value={code}
              onChange={(event) => setCode(event.target.value)}
              placeholder="Codice unità o link dell'etichetta"
              className="block w-full rounded-lg border border-slate-300 py-3 pr-3 pl-10 font-mono text-base focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/20 focus:outline-none"
            />
          </div>
          <div className="flex gap-2">
            <Button type="submit" icon={Search} busy={searching} className="flex-1">
              Cerca
            </Button>
            <Button
              type="button"
              variant="secondary"
              icon={camera ? CameraOff : Camera}
              onClick={() => setCamera((on) => !on)}
              aria-pressed={camera}
              className="flex-1 whitespace-nowrap"
            >
              {camera ? "Chiudi fotocamera" : "Fotocamera"}
            </Button>
          </div>
        </form>
        {camera && (
          <div className="mt-4 flex justify-center">
            <Suspense fallback={<LoadingState label="Avvio della fotocamera..." />}>
              <CameraScanner onCode={onCameraCode} />
            </Suspense>
          </div>
        )}
      </section>

      <section aria-label="Risultato della scansione" className="mt-4 space-y-3">
        {problem && <Alert tone="error">{problem}</Alert>}
        {found.map((unit) => (
          <UnitResult
            key={unit.id}
            unit={unit}
            onAction={setDialog}
            lending={lendingId === unit.id}
            onLend={(open) => setLendingId(open ? unit.id : null)}
            onLent={(outcome) => lent(unit, outcome)}
          />
        ))}
      </section>

      <section className="mt-6">
        <h2 className="mb-2 text-sm font-semibold text-slate-700">Scansioni di questa sessione</h2>
        {session.length === 0 ? (
          <p className="text-sm text-slate-500">Ancora nessuna operazione.</p>
        ) : (
          <ol
            aria-label="Scansioni di questa sessione"
            className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white"
          >
            {session.map((entry) => (
              <li key={entry.id} className="flex flex-wrap items-baseline justify-between gap-2 px-4 py-2 text-sm">
                <span>
                  <span className="font-mono font-semibold">{entry.code}</span> · {entry.itemName}
                </span>
                <span className="text-slate-600">
                  {entry.outcome} · {entry.at.toLocaleTimeString("it-IT", { hour: "2-digit", minute: "2-digit" })}
                </span>
              </li>
            ))}
          </ol>
        )}
      </section>

      {dialog?.kind === "handover" && (
        <HandOverDialog
          loan={dialog.loan}
          onClose={closeDialog}
          onHandedOver={() => remember(dialog.unit, `Consegnata a ${dialog.loan.utente_nome_reale}`)}
        />
      )}
      {dialog?.kind === "return" && (
        <ReturnDialog loan={dialog.loan} onClose={closeDialog} onReturned={(answer) => returned(dialog.unit, answer)} />
      )}
    </>
  );
}
