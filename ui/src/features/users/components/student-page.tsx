import { ArrowLeft, ClipboardList, History, PackageX, Plus, ScrollText, ShieldAlert, StickyNote } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link, useParams } from "react-router";
import { useAssignPenalty } from "../../../api/penalties";
import type { StudentSheet } from "../../../api/scheda";
import { useStudentSheet } from "../../../api/scheda";
import { Alert } from "../../../components/alert";
import { Button } from "../../../components/button";
import { ItemLink } from "../../../components/entity-links";
import { ExpiredAccountBadge } from "../../../components/expired-account-badge";
import { PageHeader } from "../../../components/page-header";
import { LoadingState } from "../../../components/spinner";
import { Badge, LoanStatusBadge, RequestStatusBadge } from "../../../components/status-badge";
import { StudentState } from "../../../components/student-state";
import { useToast } from "../../../components/toast";
import { daysLateText, formatDate } from "../../../lib/dates";
import { lendToStudentLink } from "../../../lib/lend-to-student";
import { fullName } from "../../../lib/user";
import { PenaltyForm } from "./penalty-form";
import { refusalOf } from "./refusal";
import { UnblockSection } from "./unblock-section";

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

/**
 * One student whole, for the desk (`/utenti/:id`): their standing, what they hold, what waits, their
 * mancanze, penalties with the reasons, the notes on their bookings and their history; lend, unblock
 * and add a strike from here.
 */
export function StudentPage() {
  const id = Number(useParams().id);
  const sheet = useStudentSheet(Number.isInteger(id) && id > 0 ? id : null);
  return (
    <>
      <Link
        to="/utenti"
        className="mb-3 inline-flex items-center gap-1 rounded text-sm font-medium text-indigo-700 hover:text-indigo-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        Gestione Utenti
      </Link>
      {sheet.isPending && <LoadingState label="Caricamento studente..." />}
      {sheet.isError && <Alert tone="error">{sheet.error.message}</Alert>}
      {sheet.isSuccess && <StudentSheetView sheet={sheet.data} />}
    </>
  );
}

function StudentSheetView({ sheet }: { sheet: StudentSheet }) {
  const { utente } = sheet;
  const [addingStrike, setAddingStrike] = useState(false);
  const assign = useAssignPenalty();
  const showToast = useToast();
  const details = [utente.email, utente.matricola && `Matricola ${utente.matricola}`, utente.corso_accademico]
    .filter(Boolean)
    .join(" · ");
  const pendingSets = sheet.prenotazioni_aperte.filter((set) => set.stato === "in_attesa");
  const heldSets = sheet.prenotazioni_aperte.filter((set) => set.stato !== "in_attesa");
  return (
    <div className="space-y-5">
      <PageHeader
        title={fullName(utente)}
        description={details}
        actions={
          <>
            {utente.is_blocked ? (
              <Button disabled title="Uno studente bloccato non può ricevere prestiti">
                Presta
              </Button>
            ) : (
              <Link
                to={lendToStudentLink(utente.id)}
                className="inline-flex items-center justify-center gap-2 rounded-lg bg-indigo-600 px-4 py-2.5 text-sm font-medium text-white shadow-sm hover:bg-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
              >
                Presta
              </Link>
            )}
            <Button variant="secondary" icon={Plus} onClick={() => setAddingStrike(true)}>
              Aggiungi penalità
            </Button>
          </>
        }
      />
      <StudentState sheet={sheet} />
      {addingStrike && (
        <PenaltyForm
          title="Aggiungi penalità"
          submitLabel="Aggiungi"
          busy={assign.isPending}
          error={refusalOf(assign.error, "Errore nell'assegnazione della penalità")}
          onCancel={() => {
            assign.reset();
            setAddingStrike(false);
          }}
          onSubmit={(draft) =>
            assign.mutate(
              { userId: utente.id, ...draft },
              {
                onSuccess: (answer) => {
                  showToast(answer.message);
                  setAddingStrike(false);
                },
              },
            )
          }
        />
      )}

      <div className="grid gap-5 lg:grid-cols-2">
        <Section title="In prestito ora" icon={ClipboardList} empty="Nessun prestito in corso.">
          {sheet.prestiti_aperti.map((loan) => (
            <LoanRow key={`p${loan.id}`} loan={loan} />
          ))}
          {heldSets.map((set) => (
            <SetRowView key={`s${set.id}`} set={set} />
          ))}
        </Section>
        <Section title="Richieste in attesa" icon={ScrollText} empty="Nessuna richiesta in attesa.">
          {sheet.richieste_in_attesa.map((request) => (
            <Row
              key={`r${request.id}`}
              title={<ItemLink id={request.inventario_id} name={request.oggetto_nome} />}
              badge={<RequestStatusBadge state={request.stato} />}
              detail={`Unità ${request.codice_univoco} · dal ${formatDate(request.dal)} al ${formatDate(request.al)}`}
            />
          ))}
          {pendingSets.map((set) => (
            <SetRowView key={`s${set.id}`} set={set} />
          ))}
        </Section>
        <Section title="Mancanze" icon={PackageX} empty="Nessuna mancanza.">
          {sheet.mancanze.map((shortage) => (
            <Row
              key={shortage.id}
              title={`${shortage.quantita} × ${shortage.nome}`}
              badge={shortage.risolta_il ? <Badge tone="gray">Risolta</Badge> : <Badge tone="red">Aperta</Badge>}
              detail={`Set #${shortage.prenotazione_id} · dal ${formatDate(shortage.created_at)}${shortage.nota ? ` · ${shortage.nota}` : ""}`}
            />
          ))}
        </Section>
        <Section title="Penalità" icon={ShieldAlert} empty="Nessuna penalità registrata.">
          {(utente.is_blocked || utente.penalty_strikes > 0) && (
            <li className="space-y-3 py-3">
              <UnblockSection userId={utente.id} standing={utente} />
            </li>
          )}
          {sheet.penalita.map((penalty) => (
            <Row
              key={penalty.id}
              title={penalty.motivo}
              badge={
                <Badge tone={penalty.azzerata_at ? "gray" : "orange"}>
                  {penalty.strike_assegnati} strike{penalty.azzerata_at ? " · azzerata" : ""}
                </Badge>
              }
              detail={`${penalty.articolo_nome} · ${formatDate(penalty.created_at)}`}
            />
          ))}
        </Section>
      </div>

      <Section title="Note" icon={StickyNote} empty="Nessuna nota sui prestiti e le richieste.">
        {notesOf(sheet).map((note) => (
          <Row key={note.key} title={note.text} detail={note.source} />
        ))}
      </Section>
      <Section title="Storico" icon={History} empty="Nessun prestito concluso.">
        {sheet.storico_prestiti.map((loan) => (
          <LoanRow key={`p${loan.id}`} loan={loan} />
        ))}
        {sheet.storico_prenotazioni.map((set) => (
          <SetRowView key={`s${set.id}`} set={set} />
        ))}
      </Section>
    </div>
  );
}

/** The notes written on the student's loans, requests and sets, with where each was written. */
function notesOf(sheet: StudentSheet) {
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

function LoanRow({ loan }: { loan: Loan }) {
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

function SetRowView({ set }: { set: SetRow }) {
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

function Row({ title, badge, detail }: { title: ReactNode; badge?: ReactNode; detail: string }) {
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

function Section({
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
