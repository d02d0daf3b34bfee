import { CalendarDays, Eye, Mail, UserRound } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "../../../components/button";
import { ItemLink, StudentLink } from "../../../components/entity-links";
import { ExpiredAccountBadge } from "../../../components/expired-account-badge";
import { formatDate } from "../../../lib/dates";
import type { EntryFacts } from "./entry-fields";
import { StatusBadge, StrikeBadge } from "./loan-badges";

export interface EntryCardProps extends EntryFacts {
  status: string;
  /** The line under the dates: when it came back, or when it is expected. */
  footnote: ReactNode;
  onDetails: () => void;
  actions?: ReactNode;
}

/**
 * One loan or request. On phones the parts stack up (item, borrower, dates, then the buttons); from
 * `md` up the item sits beside the buttons, with borrower and dates side by side below both.
 */
export function EntryCard(props: EntryCardProps) {
  const { itemName, units, itemId, status, strikes, blocked, borrower, email, from, to, footnote } = props;
  return (
    <article
      aria-label={`${itemName} · ${borrower}`}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm md:grid md:grid-cols-[minmax(0,1fr)_auto] md:gap-x-6 md:gap-y-3"
    >
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="min-w-0 font-semibold text-slate-900">
            <ItemLink id={itemId} name={itemName} />
          </h3>
          <StatusBadge status={status} />
          <StrikeBadge strikes={strikes} blocked={blocked} />
          <ExpiredAccountBadge expired={props.accountExpired ?? false} />
        </div>
        <p className="mt-1 text-sm text-slate-600">
          {units.length > 0 && (
            <>
              <span className="sr-only">Unità: </span>
              <span className="font-mono text-xs break-words">{units.join(", ")}</span>
              <span className="text-slate-300"> · </span>
            </>
          )}
          <span className="text-xs whitespace-nowrap text-slate-500">ID articolo #{itemId}</span>
        </p>
      </div>

      <div className="mt-3 grid min-w-0 gap-3 border-t border-slate-100 pt-3 text-sm sm:grid-cols-2 md:col-span-2 md:row-start-2 md:mt-0">
        <div className="min-w-0 space-y-0.5">
          <p className="flex items-center gap-1.5 font-medium text-slate-800">
            <UserRound className="size-3.5 shrink-0 text-slate-500" aria-hidden="true" />
            <StudentLink id={props.borrowerId} name={borrower} className="min-w-0 truncate" />
          </p>
          {email && (
            <p className="flex items-center gap-1.5 text-slate-500">
              <Mail className="size-3.5 shrink-0 text-slate-500" aria-hidden="true" />
              <span className="min-w-0 truncate" title={email}>
                {email}
              </span>
            </p>
          )}
        </div>
        <div className="min-w-0 space-y-0.5">
          <p className="flex items-center gap-1.5 text-slate-700">
            <CalendarDays className="size-3.5 shrink-0 text-slate-500" aria-hidden="true" />
            Dal {formatDate(from)} al {formatDate(to)}
          </p>
          <p className="text-xs text-slate-500">{footnote}</p>
        </div>
      </div>

      <div className="mt-4 flex flex-wrap gap-2 *:flex-1 *:[overflow-wrap:normal] md:col-start-2 md:row-start-1 md:mt-0 md:flex-nowrap md:self-start md:*:flex-none">
        <Button
          variant="ghost"
          icon={Eye}
          onClick={props.onDetails}
          aria-label={`Dettagli: ${itemName}, ${borrower}`}
          className="px-3 py-2"
        >
          Dettagli
        </Button>
        {props.actions}
      </div>
    </article>
  );
}
