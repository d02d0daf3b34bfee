import type { History } from "lucide-react";
import type { ReactNode } from "react";
import type { StudentSheet } from "../../../api/scheda";
import { ItemLink } from "../../../components/entity-links";
import { ExpiredAccountBadge } from "../../../components/expired-account-badge";
import { Badge, LoanStatusBadge } from "../../../components/status-badge";
import { daysLateText, formatDate } from "../../../lib/dates";

// The rows and sections the student page is made of.

type Loan = StudentSheet["prestiti_aperti"][number];
type SetRow = StudentSheet["prenotazioni_aperte"][number];

const SET_STATES: Record<string, string> = {
  in_attesa: "In attesa",
  approvata: "Da ritirare",
  in_corso: "In corso",
  conclusa: "Conclusa",
  rifiutata: "Rifiutata",
  annullata: "Annullata",
};

/** The notes written on the student's loans, requests and sets, with where each was written. */
export function notesOf(sheet: StudentSheet) {
  const notes: { key: string; text: string; source: string }[] = [];
  for (const loan of [...sheet.prestiti_aperti, ...sheet.storico_prestiti])
    if (loan.note) notes.push({ key: `p${loan.id}`, text: loan.note, source: `Prestito di ${loan.oggetto_nome}` });
  for (const request of sheet.richieste_in_attesa)
    if (request.note)
      notes.push({ key: `r${request.id}`, text: request.note, source: `Richiesta di ${request.oggetto_nome}` });
  for (const set of [...sheet.prenotazioni_aperte, ...sheet.storico_prenotazioni])
    if (set.note) notes.push({ key: `s${set.id}`, text: set.note, source: `Set #${set.id}` });
  return notes;
}

export function LoanRow({ loan }: { loan: Loan }) {
  const due =
    loan.fase === "scaduto"
      ? `da restituire il ${formatDate(loan.data_rientro)} · ${daysLateText(loan.giorni_ritardo)}`
      : loan.data_restituzione
        ? `restituito il ${formatDate(loan.data_restituzione)}`
        : `da restituire il ${formatDate(loan.data_rientro)}`;
  return (
    <Row
      title={<ItemLink id={loan.inventario_id} name={loan.oggetto_nome} />}
      badge={
        <>
          <LoanStatusBadge state={loan.fase} />
          <ExpiredAccountBadge expired={loan.account_scaduto} />
        </>
      }
      detail={`${loan.unita.join(", ")} · dal ${formatDate(loan.data_uscita)}, ${due}`}
    />
  );
}

export function SetRowView({ set }: { set: SetRow }) {
  return (
    <Row
      title={
        <>
          {set.kit_nome ?? `Set #${set.id}`}:{" "}
          {set.oggetti.map((item, index) => (
            <span key={item.inventario_id}>
              {index > 0 && ", "}
              {item.quantita} × <ItemLink id={item.inventario_id} name={item.oggetto_nome} />
            </span>
          ))}
        </>
      }
      badge={<Badge tone={set.stato === "in_corso" ? "green" : "gray"}>{SET_STATES[set.stato] ?? set.stato}</Badge>}
      detail={`Dal ${formatDate(set.dal)} al ${formatDate(set.al)}${set.mancanze_aperte > 0 ? ` · ${set.mancanze_aperte} mancanze aperte` : ""}`}
    />
  );
}

export function Row({ title, badge, detail }: { title: ReactNode; badge?: ReactNode; detail: string }) {
  return (
    <li className="py-3">
      <div className="flex flex-wrap items-center gap-2">
        <p className="min-w-0 font-medium break-words text-slate-900">{title}</p>
        {badge}
      </div>
      <p className="mt-0.5 text-sm break-words text-slate-600">{detail}</p>
    </li>
  );
}

export function Section({
  title,
  icon: Icon,
  empty,
  children,
}: {
  title: string;
  icon: typeof History;
  empty: string;
  children: ReactNode;
}) {
  const items = ([children].flat(2) as ReactNode[]).filter(Boolean);
  return (
    <section aria-label={title} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 className="flex items-center gap-2 font-semibold text-slate-900">
        <Icon className="size-4 text-slate-500" aria-hidden="true" />
        {title}
      </h2>
      {items.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">{empty}</p>
      ) : (
        <ul className="divide-y divide-slate-100">{children}</ul>
      )}
    </section>
  );
}
