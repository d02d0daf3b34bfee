import { useSearchParams } from "react-router";
import { PageHeader } from "../../../components/page-header";
import { TabList, TabPanel } from "../../../components/tab-list";
import { AdvancedStats } from "./advanced-stats";
import { BasicStats } from "./basic-stats";
import { DemandStats } from "./demand/demand-stats";

type Tab = "basic" | "advanced" | "domanda";

const TABS: { key: Tab; label: string }[] = [
  { key: "basic", label: "Base" },
  { key: "advanced", label: "Avanzate" },
  { key: "domanda", label: "Domanda" },
];

/** The tab lives in the address (`?tab=domanda`), so a link or a bookmark opens the report itself. */
function tabOf(value: string | null): Tab {
  return TABS.find(({ key }) => key === value)?.key ?? "basic";
}

export function StatsPage() {
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get("tab"));
  const tabLabel = TABS.find(({ key }) => key === tab)?.label ?? "";

  return (
    <>
      <PageHeader
        title="Statistiche"
        description="Uso del servizio prestiti: numeri, andamento, classifiche e domanda non soddisfatta."
      />
      <TabList
        label="Tipo di statistiche"
        idPrefix="stats-tab"
        panelId="stats-panel"
        tabs={TABS}
        selected={tab}
        onSelect={(next) => setParams(next === "basic" ? {} : { tab: next }, { replace: true })}
        className="mb-5 flex w-full gap-1 rounded-lg bg-slate-200/70 p-1 sm:w-fit"
        tabClassName="flex-1 rounded-md px-4 py-1.5 sm:flex-none"
      />
      <TabPanel id="stats-panel" tabId={`stats-tab-${tab}`} title={tabLabel}>
        {tab === "basic" ? <BasicStats /> : tab === "advanced" ? <AdvancedStats /> : <DemandStats />}
      </TabPanel>
    </>
  );
}
