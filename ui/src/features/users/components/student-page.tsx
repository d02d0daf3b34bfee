import { ArrowLeft, ClipboardList, History, PackageX, Plus, ScrollText, ShieldAlert, StickyNote } from "lucide-react";
import { useState } from "react";
import { Link, useParams } from "react-router";
import type { StudentSheet } from "../../../api/scheda";
import { useStudentSheet } from "../../../api/scheda";
import { Alert } from "../../../components/alert";
import { Button } from "../../../components/button";
import { ItemLink } from "../../../components/entity-links";
import { ExtensionDecisions } from "../../../components/extension/pending-extensions";
import { PageHeader } from "../../../components/page-header";
import { LoadingState } from "../../../components/spinner";
import { Badge, RequestStatusBadge } from "../../../components/status-badge";
import { StudentState } from "../../../components/student-state";
import { useToast } from "../../../components/toast";
import { formatDate } from "../../../lib/dates";
import { lendToStudentLink } from "../../../lib/lend-to-student";
import { fullName } from "../../../lib/user";
import { AddPenaltyForm } from "./add-penalty-form";
import { LoanRow, notesOf, Row, Section, SetRowView } from "./student-sheet-rows";
import { UnblockSection } from "./unblock-section";

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
  const _showToast = useToast();
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
      <ExtensionDecisions extensions={sheet.proroghe_in_attesa} />
      {addingStrike && <AddPenaltyForm userId={utente.id} onClose={() => setAddingStrike(false)} />}

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
