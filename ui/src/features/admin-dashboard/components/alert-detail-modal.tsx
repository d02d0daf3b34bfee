import { ArrowRight } from "lucide-react";
import type { ReactNode } from "react";
import { useNavigate } from "react-router";
import { type Alerts, type LoanAlert, type LowStockAlert, useAlerts } from "../../../api/avvisi";
import { Alert } from "../../../components/alert";
import { Button } from "../../../components/button";
import { ItemLink, StudentLink } from "../../../components/entity-links";
import { Modal, ModalActions } from "../../../components/modal";
import { LoadingState } from "../../../components/spinner";
import { daysLateText, formatDate } from "../../../lib/dates";
import { ALERT_KINDS, type AlertKind, entriesOf } from "./alert-kinds";
import { type DueTodayAction, DueTodayActions } from "./due-today-actions";

interface AlertDetailModalProps {
  kind: AlertKind;
  onClose: () => void;
  /** A loan due today is taken back or extended in a dialog of its own, in place of this one. */
  onDueTodayAction: (action: DueTodayAction) => void;
}

/** Every entry of one alert card (the whole alerts, read when the dialog opens), with the way to deal with it. */
export function AlertDetailModal({ kind, onClose, onDueTodayAction }: AlertDetailModalProps) {
  const alerts = useAlerts();
  const { title } = ALERT_KINDS.find((entry) => entry.kind === kind) ?? { title: "" };
  if (!alerts.data)
    return (
      <Modal title={title} onClose={onClose} size="lg">
        {alerts.isError ? (
          <Alert tone="error">Errore nel caricamento avvisi</Alert>
        ) : (
          <LoadingState label="Caricamento avvisi..." />
        )}
        <ModalActions>
          <Button onClick={onClose}>Chiudi</Button>
        </ModalActions>
      </Modal>
    );
  return <AlertEntries kind={kind} alerts={alerts.data} onClose={onClose} onDueTodayAction={onDueTodayAction} />;
}

function AlertEntries({ kind, alerts, onClose, onDueTodayAction }: AlertDetailModalProps & { alerts: Alerts }) {
  const navigate = useNavigate();
  const { title } = ALERT_KINDS.find((entry) => entry.kind === kind) ?? { title: "" };
  const go = (path: string) => {
    onClose();
    navigate(path);
  };
  const entries = entriesOf(alerts, kind);

  return (
    <Modal
      title={title}
      description={`${entries.length} ${entries.length === 1 ? "avviso" : "avvisi"}`}
      onClose={onClose}
      size="lg"
    >
      <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
        {kind === "stock"
          ? alerts.scorte_basse.map((item) => (
              <StockEntry key={item.id} item={item} onManage={() => go("/inventario")} />
            ))
          : (entries as LoanAlert[]).map((loan) => (
              <LoanEntry
                key={loan.id}
                loan={loan}
                kind={kind}
                onManage={kind === "late" ? () => go("/prestiti") : undefined}
                actions={kind === "today" && <DueTodayActions loan={loan} onAction={onDueTodayAction} />}
              />
            ))}
      </ul>
      <ModalActions>
        {(kind === "today" || kind === "tomorrow" || kind === "uncollected") && (
          <Button variant="secondary" icon={ArrowRight} onClick={() => go("/prestiti")}>
            Vai ai Prestiti
          </Button>
        )}
        <Button onClick={onClose}>Chiudi</Button>
      </ModalActions>
    </Modal>
  );
}

function StockEntry({ item, onManage }: { item: LowStockAlert; onManage: () => void }) {
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="font-medium text-slate-900">
          <ItemLink id={item.id} name={item.nome} />
        </p>
        <p className="text-sm text-slate-600">{item.motivo}</p>
        <p className="mt-1 text-xs text-slate-500">
          Disponibili {item.unita_disponibili} su {item.quantita_totale} ({item.percentuale_disponibile}%) ·{" "}
          {item.prima_data_rientro
            ? `Primo rientro previsto il ${formatDate(item.prima_data_rientro)}`
            : "Nessun rientro previsto"}
        </p>
      </div>
      <Button variant="secondary" onClick={onManage} aria-label={`Gestisci ${item.nome}`} className="shrink-0">
        Gestisci
      </Button>
    </li>
  );
}

/** "da ritirare dal 10/03/2026": a loan still waiting at the desk after its start day. */
export function uncollectedSinceText(startDate: string): string {
  return `da ritirare dal ${formatDate(startDate)}`;
}

function LoanEntry({
  loan,
  kind,
  onManage,
  actions,
}: {
  loan: LoanAlert;
  kind: AlertKind;
  onManage?: () => void;
  actions?: ReactNode;
}) {
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="font-medium text-slate-900">{loan.oggetto_nome}</p>
        <p className="text-sm text-slate-600">
          <StudentLink id={loan.utente_id} name={loan.utente_nome} />
          {loan.utente_email && <span className="text-slate-500"> · {loan.utente_email}</span>}
        </p>
        <p className="mt-1 text-xs text-slate-500">
          Rientro previsto il {formatDate(loan.data_rientro)}
          {kind === "late" && (
            <span className="font-semibold text-red-600"> · {daysLateText(loan.giorni_ritardo)}</span>
          )}
          {kind === "uncollected" && (
            <span className="font-semibold text-violet-700"> · {uncollectedSinceText(loan.data_uscita)}</span>
          )}
        </p>
      </div>
      {onManage && (
        <Button
          variant="secondary"
          onClick={onManage}
          aria-label={`Gestisci Ritardo: ${loan.oggetto_nome}`}
          className="shrink-0"
        >
          Gestisci Ritardo
        </Button>
      )}
      {actions}
    </li>
  );
}
