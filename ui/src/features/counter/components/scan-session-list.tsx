/** One thing that happened at the counter since the page opened. */
export interface SessionEntry {
  id: number;
  at: Date;
  code: string;
  itemName: string;
  outcome: string;
}

/** What happened to each unit scanned since the page opened, newest first. */
export function ScanSessionList({ session }: { session: SessionEntry[] }) {
  return (
    <section className="mt-6">
      <h2 className="mb-2 text-sm font-semibold text-slate-700">Scansioni di questa sessione</h2>
      {session.length === 0 ? (
        <p className="text-sm text-slate-500">Ancora nessuna operazione.</p>
      ) : (
        <ol
          aria-label="Scansioni di questa sessione"
          className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white"
        >
          {session.map((entry) => (
            <li key={entry.id} className="flex flex-wrap items-baseline justify-between gap-2 px-4 py-2 text-sm">
              <span>
                <span className="font-mono font-semibold">{entry.code}</span> · {entry.itemName}
              </span>
              <span className="text-slate-600">
                {entry.outcome} · {entry.at.toLocaleTimeString("it-IT", { hour: "2-digit", minute: "2-digit" })}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
