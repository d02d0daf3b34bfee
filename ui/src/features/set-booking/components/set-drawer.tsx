import { ArrowLeft, ArrowRight, ListPlus, Send } from "lucide-react";
import { useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { formatItalianDate } from "../../../../../src/domain/dates";
import { useKits } from "../../../api/kit";
import { conflictLinesOf, type SetBookingInput, type SetConflictLine, useCreateSet } from "../../../api/prenotazioni";
import { useServerToday } from "../../../api/system";
import type { DateRangeValue } from "../../../components/booking-calendar";
import { Button } from "../../../components/button";
import { Drawer } from "../../../components/drawer";
import { EmptyState } from "../../../components/empty-state";
import { useToast } from "../../../components/toast";
import { clearSetCart, type SetCartLine, useSetCart } from "../../../lib/set-cart";
import { SET_PARAM, type SetDrawerStep, setDrawerStepOf } from "../../../lib/set-drawer-link";
import { SetDatesStep } from "./set-dates-step";
import { SetLines } from "./set-lines";

/** What the server is sent: the kit (if any) and one line per model with its quantity. */
function bookingOf(lines: readonly SetCartLine[], from: string, to: string, note: string): SetBookingInput {
  const kit = lines.find((line) => line.kind === "kit");
  const righe = lines
    .filter((line) => line.kind === "articolo")
    .map((line) => ({ inventario_id: line.id, quantita: line.quantita }));
  const shared = { dal: from, al: to, ...(note.trim() ? { note: note.trim() } : {}) };
  return kit ? { ...shared, kit_id: kit.id, righe } : { ...shared, righe };
}

/**
 * The student's set: its lines (quantities, removal), then one date step and "Invia richiesta". Each step
 * is a history entry, so Back goes from the dates to the lines and then closes the drawer.
 */
export function SetDrawer() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const step = setDrawerStepOf(params) as SetDrawerStep;
  const lines = useSetCart();
  const today = useServerToday();
  const kits = useKits();
  const createSet = useCreateSet();
  const showToast = useToast();
  const [range, setRange] = useState<DateRangeValue>({ from: null, to: null });
  const [note, setNote] = useState("");

  function goTo(next: SetDrawerStep | null) {
    const nextParams = new URLSearchParams(params);
    if (next) nextParams.set(SET_PARAM, next);
    else nextParams.delete(SET_PARAM);
    setParams(nextParams);
  }

  function nameOf(itemId: number): string {
    const own = lines.find((line) => line.kind === "articolo" && line.id === itemId);
    const inKit = kits.data?.flatMap((kit) => kit.righe).find((line) => line.inventario_id === itemId);
    return own?.nome ?? inKit?.oggetto_nome ?? `Articolo ${itemId}`;
  }

  /** Whether the set was refused because a line of its kit had too few units free: the kit's queue helps. */
  function kitShortOfUnits(conflicts: SetConflictLine[]): boolean {
    const kit = kits.data?.find((candidate) => lines.some((line) => line.kind === "kit" && line.id === candidate.id));
    const kitItems = new Set(kit?.righe.map((line) => line.inventario_id));
    return conflicts.some((line) => kitItems.has(line.inventario_id) && line.libere < line.richieste);
  }

  function send() {
    if (!range.from) return;
    const to = range.to ?? range.from;
    createSet.mutate(bookingOf(lines, range.from, to, note), {
      onSuccess: () => {
        clearSetCart();
        showToast(`Richiesta inviata: dal ${formatItalianDate(range.from ?? to)} al ${formatItalianDate(to)}`);
        navigate("/mie-prenotazioni");
      },
    });
  }

  const units = lines.reduce((sum, line) => sum + line.quantita, 0);
  const footer =
    lines.length === 0 ? null : step === "righe" ? (
      <Button icon={ArrowRight} className="w-full" onClick={() => goTo("date")}>
        Scegli le date
      </Button>
    ) : (
      <div className="flex gap-2">
        <Button variant="secondary" icon={ArrowLeft} onClick={() => goTo("righe")}>
          Indietro
        </Button>
        <Button icon={Send} className="flex-1" disabled={!range.from} busy={createSet.isPending} onClick={send}>
          Invia richiesta
        </Button>
      </div>
    );

  return (
    <Drawer
      title={step === "righe" ? "Il mio set" : "Date del set"}
      badge={<span className="text-sm text-slate-500">{units === 1 ? "1 elemento" : `${units} elementi`}</span>}
      onClose={() => goTo(null)}
      footer={footer}
    >
      <div className="px-5 py-4">
        {lines.length === 0 ? (
          <EmptyState
            icon={ListPlus}
            title="Il set è vuoto"
            text="Aggiungi articoli o un kit dal catalogo con «Aggiungi al set»."
          />
        ) : step === "righe" ? (
          <SetLines lines={lines} />
        ) : (
          <SetDatesStep
            lines={lines}
            today={today}
            range={range}
            onRangeChange={(next) => {
              createSet.reset();
              setRange(next);
            }}
            note={note}
            onNoteChange={setNote}
            conflicts={conflictLinesOf(createSet.error)}
            nameOf={nameOf}
            failure={createSet.error?.message ?? null}
            kitShort={kitShortOfUnits(conflictLinesOf(createSet.error))}
          />
        )}
      </div>
    </Drawer>
  );
}
