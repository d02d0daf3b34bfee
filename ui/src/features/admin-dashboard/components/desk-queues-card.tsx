import { Hourglass } from "lucide-react";
import { useDeskQueues } from "../../../api/attese";
import { ItemLink } from "../../../components/entity-links";
import { holdExpiryText } from "../../../lib/wait-words";
import { DashboardListCard } from "./dashboard-list-card";

/**
 * The dashboard's compact list of the waiting lists: per item or kit, how many wait and the hold offered,
 * longest queue first; the item's page shows who waits. Hidden while nobody waits.
 */
export function DeskQueuesCard() {
  const queues = useDeskQueues();
  return (
    <DashboardListCard query={queues} titleId="desk-queues-title" title="Code di attesa" icon={Hourglass} tone="calm">
      {(rows) =>
        rows.map((queue) => {
          const hold = queue.attese.find((wait) => wait.stato === "offerta");
          const waiting = queue.attese.filter((wait) => wait.stato === "in_coda").length;
          return (
            <li
              key={`${queue.inventario_id}-${queue.kit_id}`}
              className="flex flex-wrap justify-between gap-x-3 px-5 py-3 text-sm"
            >
              <span className="min-w-0 font-medium break-words text-slate-900">
                {queue.inventario_id !== null ? <ItemLink id={queue.inventario_id} name={queue.nome} /> : queue.nome}
                {queue.kit_id !== null && <span className="font-normal text-slate-600"> (kit)</span>}
              </span>
              <span className="text-slate-600">
                {waiting === 1 ? "1 in coda" : `${waiting} in coda`}
                {hold && (
                  <>
                    {" "}
                    · posto tenuto per {hold.utente} · {holdExpiryText(hold.scade_il).toLowerCase()}
                  </>
                )}
              </span>
            </li>
          );
        })
      }
    </DashboardListCard>
  );
}
