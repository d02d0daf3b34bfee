import { Gauge, Network, RefreshCw } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useSystemStatus } from "../../../api/system";
import { useSignedInUser } from "../../../app/session";
import { Alert } from "../../../components/alert";
import { Button } from "../../../components/button";
import { PageHeader } from "../../../components/page-header";
import { LoadingState } from "../../../components/spinner";
import { isAdmin } from "../../../lib/user";
import { BackupCard } from "./backup-card";
import { CollapsibleSection } from "./collapsible-section";
import { DetailedMetrics } from "./detailed-metrics";
import { DirectoryAccountsCard } from "./directory-accounts-card";
import { EndpointList } from "./endpoint-list";
import { formatCount, formatDuration } from "./format";
import { IncidentList } from "./incident-list";
import { MailCard } from "./mail-card";
import { OverallStatusCard } from "./overall-status-card";
import { ServiceList } from "./service-list";

/** How long the refresh button says "Aggiornamento..." after a click (spec: 2 seconds). */
const REFRESH_FEEDBACK_MS = 2000;

/**
 * The live state of the server, as measured by the server itself. Administrators see every figure
 * and can download a backup; students see only whether the service and its parts work.
 */
export function SystemPage() {
  const admin = isAdmin(useSignedInUser());
  const status = useSystemStatus();
  const [refreshing, setRefreshing] = useState(false);
  const feedbackTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(feedbackTimer.current), []);

  function refresh() {
    setRefreshing(true);
    void status.refetch();
    clearTimeout(feedbackTimer.current);
    feedbackTimer.current = setTimeout(() => setRefreshing(false), REFRESH_FEEDBACK_MS);
  }

  const data = status.data;
  const updatedAt = status.dataUpdatedAt ? new Date(status.dataUpdatedAt) : null;

  return (
    <>
      <PageHeader
        title="Stato del Sistema"
        description="Controlli eseguiti dal server in tempo reale, aggiornati ogni 5 secondi."
        actions={
          <Button variant="secondary" icon={RefreshCw} busy={refreshing} onClick={refresh}>
            {refreshing ? "Aggiornamento..." : "Aggiorna"}
          </Button>
        }
      />

      {status.isPending && <LoadingState label="Verifica dello stato del sistema..." />}
      {status.isError && (
        <div className="mb-4">
          <Alert tone="error">
            Impossibile raggiungere il server: lo stato del sistema non è disponibile.
            {data && " I dati mostrati sono quelli dell'ultimo controllo riuscito."}
          </Alert>
        </div>
      )}

      {data && (
        <div className="space-y-4">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <p className="flex items-center gap-2 text-sm font-semibold text-slate-900">
              <span className="relative flex size-2.5" aria-hidden="true">
                {!status.isError && (
                  <span className="absolute inline-flex size-full animate-ping rounded-full bg-emerald-400 opacity-60" />
                )}
                <span
                  className={`relative inline-flex size-2.5 rounded-full ${status.isError ? "bg-slate-400" : "bg-emerald-500"}`}
                />
              </span>
              {status.isError ? "Sistema non raggiungibile" : "Sistema Online"}
            </p>
            {updatedAt && (
              <p className="text-xs text-slate-500">
                Ultimo controllo alle {updatedAt.toLocaleTimeString("it-IT")}
                {data.metrics && ` · server attivo da ${formatDuration(data.metrics.uptimeSeconds)}`}
              </p>
            )}
          </div>

          <OverallStatusCard status={admin ? data : { overall: data.overall, services: data.services }} />
          <ServiceList services={data.services} />

          {admin && data.avviso_url_pubblico && <Alert tone="warning">{data.avviso_url_pubblico}</Alert>}
          {admin && data.url_pubblico && (
            <p className="text-sm text-slate-600">
              Indirizzo pubblico (codici QR e link): <span className="font-mono">{data.url_pubblico}</span>
            </p>
          )}
          {admin && data.posta && <MailCard mail={data.posta} />}
          {admin && <DirectoryAccountsCard />}
          {admin && data.metrics && (
            <>
              <IncidentList incidents={data.recentIncidents ?? []} />
              <CollapsibleSection title="Metriche Dettagliate" icon={Gauge} summary="Memoria, CPU e disco">
                <DetailedMetrics metrics={data.metrics} />
              </CollapsibleSection>
              <CollapsibleSection
                title="Stato API Endpoints"
                icon={Network}
                summary={`${formatCount(data.endpoints?.length ?? 0)} endpoint misurati`}
              >
                <EndpointList endpoints={data.endpoints ?? []} />
              </CollapsibleSection>
            </>
          )}
        </div>
      )}
      {admin && (
        <div className="mt-4">
          <BackupCard />
        </div>
      )}
    </>
  );
}
