import { type FormEvent, useCallback, useRef, useState } from "react";
import type { ScannedUnit } from "../../../../../src/modules/counter/model";
import type { ReturnAnswer } from "../../../../../src/modules/loans/model";
import { scanCode } from "../../../api/banco";
import { Alert } from "../../../components/alert";
import { HandOverDialog } from "../../../components/loan-desk/handover-dialog";
import { ReturnDialog } from "../../../components/loan-desk/return-dialog";
import { PageHeader } from "../../../components/page-header";
import { ApiError } from "../../../lib/api";
import { ScanCodeForm } from "./scan-code-form";
import { ScanSessionList, type SessionEntry } from "./scan-session-list";
import { ACTION_TEXT, ScannedUnitCard, type ScannedUnitDialog } from "./scanned-unit-card";

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
  const [dialog, setDialog] = useState<ScannedUnitDialog | null>(null);
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
      <ScanCodeForm
        code={code}
        onCodeChange={setCode}
        onSubmit={submit}
        searching={searching}
        camera={camera}
        onToggleCamera={() => setCamera((on) => !on)}
        onCameraCode={onCameraCode}
        fieldRef={field}
      />
      <section aria-label="Risultato della scansione" className="mt-4 space-y-3">
        {problem && <Alert tone="error">{problem}</Alert>}
        {found.map((unit) => (
          <ScannedUnitCard
            key={unit.id}
            unit={unit}
            onAction={setDialog}
            lending={lendingId === unit.id}
            onLend={(open) => setLendingId(open ? unit.id : null)}
            onLent={(outcome) => lent(unit, outcome)}
          />
        ))}
      </section>

      <ScanSessionList session={session} />

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
