import { SearchField } from "../../../components/search-field";
import { TabList } from "../../../components/tab-list";
import { ViewSwitch } from "../../../components/view-switch";
import { LOANS_TABS, type LoansTab, type useLoansAddress } from "../hooks/use-loans-address";

interface LoansToolbarProps {
  address: ReturnType<typeof useLoansAddress>;
  counts: Record<LoansTab, number>;
  search: string;
  onSearch: (search: string) => void;
}

/** The loans screen's tabs with their counts, then the view switch (wide screens) and the search. */
export function LoansToolbar({ address, counts, search, onSearch }: LoansToolbarProps) {
  return (
    <div className="flex flex-col gap-3 border-b border-slate-100 p-4 lg:flex-row lg:flex-wrap lg:items-center lg:justify-between">
      <TabList
        label="Prestiti e richieste"
        idPrefix="loans-tab"
        panelId="loans-panel"
        tabs={LOANS_TABS.map(({ key, label }) => ({ key, label, count: counts[key] }))}
        selected={address.tab}
        onSelect={address.selectTab}
        className="grid grid-cols-3 gap-1 rounded-lg bg-slate-100 p-1 lg:flex"
        tabClassName="flex min-w-0 flex-col items-center justify-center gap-1 rounded-md px-2 py-1.5 sm:flex-row sm:gap-2 sm:px-3"
        labelClassName="text-center leading-tight lg:whitespace-nowrap"
      />
      <div className="flex items-center gap-3 lg:ml-auto">
        {address.wide && <ViewSwitch view={address.view} onChange={address.selectView} />}
        <SearchField
          id="loans-search"
          label="Cerca prestiti"
          placeholder="Articolo, codice, nome o email"
          value={search}
          onChange={onSearch}
          className="lg:w-80"
        />
      </div>
    </div>
  );
}
