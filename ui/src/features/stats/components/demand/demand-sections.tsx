import { ArrowRightLeft, PackagePlus, Snowflake } from "lucide-react";
import { formatItalianDate } from "../../../../../../src/domain/dates";
import { DEFAULT_TARGET_SHARE, LOW_USE, UNMET_DAYS_TO_BUY } from "../../../../../../src/domain/demand";
import type { DemandReport } from "../../../../api/demand-report";
import { EmptyState } from "../../../../components/empty-state";
import { ItemLink } from "../../../../components/entity-links";
import { ShowMore, useShownCount } from "../../../../components/show-more";
import { StatsCard } from "../stats-card";
import { percent } from "./demand-format";

const INTRO = "mb-3 text-sm text-slate-600";
const ENTRY = "space-y-1 py-3 first:pt-0 last:pb-0";
const NOTE = "text-sm text-slate-600";
/** Each ranking opens on its first ten, the strongest cases; "Mostra altri" adds ten more. */
const RANKED_PAGE = 10;

const BADGE = "rounded-full px-2 py-0.5 text-xs font-semibold";

/** Items whose unmet demand more units would have met, with how many. */
export function ToBuy({ rows }: { rows: DemandReport["da_acquistare"] }) {
  const shown = useShownCount("", RANKED_PAGE);
  return (
    <StatsCard title="Da acquistare" icon={PackagePlus}>
      <p className={INTRO}>
        Articoli con almeno {UNMET_DAYS_TO_BUY} giorni di richieste non soddisfatte. Il conto rimette in fila le
        richieste del periodo con qualche unità in più e dice quante ne sarebbero bastate per soddisfarne il{" "}
        {percent(DEFAULT_TARGET_SHARE)}.
      </p>
      {rows.length === 0 ? (
        <EmptyState
          icon={PackagePlus}
          title="Niente da acquistare"
          text="Nel periodo nessun articolo ha avuto abbastanza richieste non soddisfatte da chiedere unità in più."
        />
      ) : (
        <ol aria-label="Da acquistare" className="divide-y divide-slate-100">
          {rows.slice(0, shown.count).map((row) => (
            <li key={row.inventario_id} className={ENTRY}>
              <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                <ItemLink id={row.inventario_id} name={row.nome} className="font-medium text-slate-900" />
                <span className={`${BADGE} whitespace-nowrap bg-indigo-100 text-indigo-800`}>
                  {row.unita_in_piu === 1 ? "1 unità in più" : `${row.unita_in_piu} unità in più`}
                </span>
              </div>
              <p className={NOTE}>{row.spiegazione}</p>
            </li>
          ))}
        </ol>
      )}
      <ShowMore shown={Math.min(shown.count, rows.length)} total={rows.length} onMore={shown.showMore} />
    </StatsCard>
  );
}

/** Units out for only a small share of the days they could have gone out. */
export function HardlyUsed({ rows, total }: { rows: DemandReport["poco_usati"]; total: number }) {
  const shown = useShownCount("", RANKED_PAGE);
  return (
    <StatsCard title="Poco usati" icon={Snowflake}>
      <p className={INTRO}>
        Unità rimaste fuori meno del {percent(LOW_USE)} dei giorni in cui si potevano prestare (giorni di apertura,
        riparazioni escluse). Si possono proporre ad altri corsi o valutare se tenerle.
        {total > rows.length && ` Sono ${total}: qui le ${rows.length} ferme da più giorni.`}
      </p>
      {rows.length === 0 ? (
        <EmptyState
          icon={Snowflake}
          title="Nessuna unità poco usata"
          text="Nel periodo ogni unità è stata prestata abbastanza spesso."
        />
      ) : (
        <ol aria-label="Poco usati" className="divide-y divide-slate-100">
          {rows.slice(0, shown.count).map((row) => (
            <li key={row.unit_id} className={ENTRY}>
              <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                <ItemLink id={row.inventario_id} name={row.nome} className="font-medium text-slate-900" />
                <span className={`${BADGE} whitespace-nowrap bg-slate-100 text-slate-700`}>
                  Utilizzo {percent(row.utilizzo)}
                </span>
              </div>
              {/* A unit's code can be one long word: cut, whole in its title, never broken. */}
              <p className="truncate text-xs text-slate-500" title={row.codice_univoco}>
                {row.codice_univoco}
              </p>
              <p className={NOTE}>
                {row.ultimo_prestito ? `Ultimo prestito il ${formatItalianDate(row.ultimo_prestito)}` : "Mai prestata"}
                {` · ferma da ${row.giorni_fermo} ${row.giorni_fermo === 1 ? "giorno" : "giorni"}`}
              </p>
            </li>
          ))}
        </ol>
      )}
      <ShowMore shown={Math.min(shown.count, rows.length)} total={rows.length} onMore={shown.showMore} />
    </StatsCard>
  );
}

/** Items idle for their course while another course was refused the same kind of item. */
export function ToMove({ rows }: { rows: DemandReport["da_spostare"] }) {
  const shown = useShownCount("", RANKED_PAGE);
  return (
    <StatsCard title="Da spostare" icon={ArrowRightLeft}>
      <p className={INTRO}>
        Articoli poco usati dal corso a cui sono assegnati, mentre un altro corso non ha ottenuto articoli della stessa
        categoria. Assegnarli anche a quel corso può soddisfarne le richieste.
      </p>
      {rows.length === 0 ? (
        <EmptyState
          icon={ArrowRightLeft}
          title="Niente da spostare"
          text="Nel periodo nessun articolo fermo in un corso è stato cercato invano da un altro."
        />
      ) : (
        <ol aria-label="Da spostare" className="divide-y divide-slate-100">
          {rows.slice(0, shown.count).map((row) => (
            <li key={`${row.inventario_id}-${row.a_corso}`} className={ENTRY}>
              <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                <ItemLink id={row.inventario_id} name={row.nome} className="font-medium text-slate-900" />
                <span className={`${BADGE} bg-amber-100 text-amber-800`}>
                  {row.da_corso} → {row.a_corso}
                </span>
              </div>
              <p className={NOTE}>{row.spiegazione}</p>
            </li>
          ))}
        </ol>
      )}
      <ShowMore shown={Math.min(shown.count, rows.length)} total={rows.length} onMore={shown.showMore} />
    </StatsCard>
  );
}
