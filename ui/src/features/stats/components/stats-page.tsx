import { useState } from "react";
import { PageHeader } from "../../../components/page-header";
import { TabList, TabPanel } from "../../../components/tab-list";
import { AdvancedStats } from "./advanced-stats";
import { BasicStats } from "./basic-stats";

type Tab = "basic" | "advanced";

const TABS: { key: Tab; label: string }[] = [
  { key: "basic", label: "Base" },
  { key: "advanced", label: "Avanzate" },
];

export function StatsPage() {
  const [tab, setTab] = useState<Tab>("basic");
  const tabLabel = TABS.find(({ key }) => key === tab)?.label ?? "";

  return (
    <>
      <PageHeader title="Statistiche" description="Uso del servizio prestiti: numeri, andamento e classifiche." />
      <TabList
        label="Tipo di statistiche"
        idPrefix="stats-tab"
        panelId="stats-panel"
        tabs={TABS}
        selected={tab}
        onSelect={setTab}
        className="mb-5 flex w-full gap-1 rounded-lg bg-slate-200/70 p-1 sm:w-fit"
        tabClassName="flex-1 rounded-md px-4 py-1.5 sm:flex-none"
      />
      <TabPanel id="stats-panel" tabId={`stats-tab-${tab}`} title={tabLabel}>
        {tab === "basic" ? <BasicStats /> : <AdvancedStats />}
      </TabPanel>
    </>
  );
}
