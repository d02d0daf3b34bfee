import { ClipboardList, Plus, Wrench } from "lucide-react";
import { type ReactNode, useState } from "react";
import { useSearchParams } from "react-router";
import type { RepairState } from "../../../../../src/domain/repairs";
import { type RepairView, useRepairs } from "../../../api/riparazioni";
import { type ReportView, useReports } from "../../../api/segnalazioni";
import { Button } from "../../../components/button";
import { EmptyState } from "../../../components/empty-state";
import { Loaded } from "../../../components/loaded";
import { PageHeader } from "../../../components/page-header";
import { SearchField } from "../../../components/search-field";
import { ShowMore, useShownCount } from "../../../components/show-more";
import { TabList, TabPanel } from "../../../components/tab-list";
import { useLinkedItem } from "../../../lib/item-links";
import { NewRepairModal } from "./new-repair-modal";
import { canGoIntoRepair } from "./repair-labels";
import { RepairList } from "./repair-list";
import { type RepairsDialog, RepairsDialogs } from "./repairs-dialogs";
import { ReportList } from "./report-list";

type Tab = RepairState | "segnalazioni";

/** The tab is kept in the address (`?tab=segnalazioni`), so notifications can open the reports directly. */
const TABS: { key: Tab; label: string; empty: string }[] = [
  { key: "in_corso", label: "In Corso", empty: "Nessuna riparazione in corso" },
  { key: "completata", label: "Completate", empty: "Nessuna riparazione completata" },
  { key: "annullata", label: "Annullate", empty: "Nessuna riparazione annullata" },
  { key: "segnalazioni", label: "Segnalazioni", empty: "Nessuna segnalazione" },
];

function tabOf(value: string | null): Tab {
  return TABS.find((tab) => tab.key === value)?.key ?? "in_corso";
}

function repairMatches(repair: RepairView, term: string): boolean {
  return `${repair.articolo_nome} ${repair.codice_univoco} ${repair.descrizione} ${repair.note ?? ""}`
    .toLowerCase()
    .includes(term);
}

function reportMatches(report: ReportView, term: string): boolean {
  return [
    report.inventario_nome,
    report.codice_univoco,
    report.messaggio,
    report.utente_nome,
    report.utente_cognome,
    report.utente_email,
  ]
    .join(" ")
    .toLowerCase()
    .includes(term);
}

export function RepairsPage() {
  const repairs = useRepairs();
  const reports = useReports();
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get("tab"));
  const [search, setSearch] = useState("");
  const [dialog, setDialog] = useState<RepairsDialog | null>(null);
  // The item page's "Apri riparazione" links here to put that item (and unit) into repair.
  const linkedRepair = useLinkedItem("nuova-riparazione");
  const term = search.trim().toLowerCase();

  function selectTab(next: Tab) {
    setParams(next === "in_corso" ? {} : { tab: next }, { replace: true });
  }

  function count(key: Tab): number | undefined {
    if (key === "segnalazioni") return reports.data?.length;
    return repairs.data?.filter((repair) => repair.stato === key).length;
  }

  const repairActions = {
    onOpen: (repair: RepairView) => setDialog({ kind: "details", repairId: repair.id }),
    onEdit: (repair: RepairView) => setDialog({ kind: "edit", repair, fromDetails: false }),
    onComplete: (repair: RepairView) => setDialog({ kind: "close", repair, outcome: "completata", fromDetails: false }),
  };
  const current = TABS.find(({ key }) => key === tab) ?? TABS[0];
  const notFound = term ? "Prova a cercare con altre parole." : undefined;
  const rendered = useShownCount(`${tab} ${term}`);

  let panel: ReactNode;
  if (tab === "segnalazioni") {
    const shown = reports.data?.filter((report) => reportMatches(report, term)) ?? [];
    panel = (
      <Loaded query={reports} loading="Caricamento segnalazioni..." error="Errore nel caricamento segnalazioni" inset>
        {shown.length === 0 ? (
          <EmptyState icon={ClipboardList} title={current?.empty ?? ""} text={notFound} />
        ) : (
          <>
            <ReportList
              reports={shown.slice(0, rendered.count)}
              onMove={(report, stato) => setDialog({ kind: "report-move", report, stato })}
              onConfirmLoss={(report) => setDialog({ kind: "report-lost", report })}
              onCreateRepair={(report) => setDialog({ kind: "report-repair", report })}
              onOpenRepair={(repairId) => setDialog({ kind: "details", repairId })}
            />
            <ShowMore shown={Math.min(rendered.count, shown.length)} total={shown.length} onMore={rendered.showMore} />
          </>
        )}
      </Loaded>
    );
  } else {
    const shown = repairs.data?.filter((repair) => repair.stato === tab && repairMatches(repair, term)) ?? [];
    panel = (
      <Loaded query={repairs} loading="Caricamento riparazioni..." error="Errore nel caricamento riparazioni" inset>
        {shown.length === 0 ? (
          <EmptyState icon={Wrench} title={current?.empty ?? ""} text={notFound} />
        ) : (
          <>
            <RepairList repairs={shown.slice(0, rendered.count)} {...repairActions} />
            <ShowMore shown={Math.min(rendered.count, shown.length)} total={shown.length} onMore={rendered.showMore} />
          </>
        )}
      </Loaded>
    );
  }

  return (
    <>
      <PageHeader
        title="Riparazioni"
        description="Unità in riparazione e segnalazioni di guasto degli studenti."
        actions={
          <Button icon={Plus} onClick={() => setDialog({ kind: "new" })}>
            Nuova Riparazione
          </Button>
        }
      />

      <section className="rounded-xl border border-slate-200 bg-white shadow-sm">
        <div className="flex flex-col gap-3 border-b border-slate-100 p-4 xl:flex-row xl:items-center xl:justify-between">
          <TabList
            label="Riparazioni e segnalazioni"
            idPrefix="repairs-tab"
            panelId="repairs-panel"
            tabs={TABS.map(({ key, label }) => ({ key, label, count: count(key) }))}
            selected={tab}
            onSelect={selectTab}
            className="grid grid-cols-2 gap-1 rounded-lg bg-slate-100 p-1 sm:flex"
            tabClassName="flex items-center justify-center gap-2 rounded-md px-3 py-1.5 whitespace-nowrap sm:flex-1 xl:flex-none"
          />
          <SearchField
            id="repairs-search"
            label="Cerca"
            placeholder={tab === "segnalazioni" ? "Articolo, studente o messaggio" : "Articolo o note"}
            value={search}
            onChange={setSearch}
            className="xl:w-72"
          />
        </div>
        <TabPanel id="repairs-panel" tabId={`repairs-tab-${tab}`} title={current?.label ?? ""}>
          {panel}
        </TabPanel>
      </section>

      {dialog?.kind === "new" && <NewRepairModal onClose={() => setDialog(null)} />}
      {linkedRepair.linked && (
        <NewRepairModal
          preset={{
            itemId: linkedRepair.linked.item.id,
            unitId:
              linkedRepair.linked.unit && canGoIntoRepair(linkedRepair.linked.unit.stato)
                ? linkedRepair.linked.unit.id
                : null,
          }}
          onClose={linkedRepair.close}
        />
      )}
      <RepairsDialogs dialog={dialog} setDialog={setDialog} repairs={repairs.data} />
    </>
  );
}
