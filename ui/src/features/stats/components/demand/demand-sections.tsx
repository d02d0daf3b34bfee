import { ArrowRightLeft, PackagePlus, Snowflake } from "lucide-react";
import { formatItalianDate } from "../../../../../../src/domain/dates";
import { DEFAULT_TARGET_SHARE, LOW_USE, UNMET_DAYS_TO_BUY } from "../../../../../../src/domain/demand";
import type { DemandReport } from "../../../../api/demand-report";
import { percent } from "./demand-format";
import { DemandRanking } from "./demand-ranking";

const NOTE = "text-sm text-slate-600";

/** Items whose unmet demand more units would have met, with how many. */
export function ToBuy({ rows }: { rows: DemandReport["da_acquistare"] }) {
  return (
    <DemandRanking
      title="Da acquistare"
      icon={PackagePlus}
      intro={
        <>
          Articoli con almeno {UNMET_DAYS_TO_BUY} giorni di richieste non soddisfatte. Il conto rimette in fila le
          richieste del periodo con qualche unità in più e dice quante ne sarebbero bastate per soddisfarne il{" "}
          {percent(DEFAULT_TARGET_SHARE)}.
        </>
      }
      empty={{
        title: "Niente da acquistare",
        text: "Nel periodo nessun articolo ha avuto abbastanza richieste non soddisfatte da chiedere unità in più.",
      }}
      rows={rows}
      rowKey={(row) => row.inventario_id}
      badgeClassName="whitespace-nowrap bg-indigo-100 text-indigo-800"
      badge={(row) => (row.unita_in_piu === 1 ? "1 unità in più" : `${row.unita_in_piu} unità in più`)}
      details={(row) => <p className={NOTE}>{row.spiegazione}</p>}
    />
  );
}

/** Units out for only a small share of the days they could have gone out. */
export function HardlyUsed({ rows, total }: { rows: DemandReport["poco_usati"]; total: number }) {
  return (
    <DemandRanking
      title="Poco usati"
      icon={Snowflake}
      intro={
        <>
          Unità rimaste fuori meno del {percent(LOW_USE)} dei giorni in cui si potevano prestare (giorni di apertura,
          riparazioni escluse). Si possono proporre ad altri corsi o valutare se tenerle.
          {total > rows.length && ` Sono ${total}: qui le ${rows.length} ferme da più giorni.`}
        </>
      }
      empty={{ title: "Nessuna unità poco usata", text: "Nel periodo ogni unità è stata prestata abbastanza spesso." }}
      rows={rows}
      rowKey={(row) => row.unit_id}
      badgeClassName="whitespace-nowrap bg-slate-100 text-slate-700"
      badge={(row) => `Utilizzo ${percent(row.utilizzo)}`}
      details={(row) => (
        <>
          {/* A unit's code can be one long word: cut, whole in its title, never broken. */}
          <p className="truncate text-xs text-slate-500" title={row.codice_univoco}>
            {row.codice_univoco}
          </p>
          <p className={NOTE}>
            {row.ultimo_prestito ? `Ultimo prestito il ${formatItalianDate(row.ultimo_prestito)}` : "Mai prestata"}
            {` · ferma da ${row.giorni_fermo} ${row.giorni_fermo === 1 ? "giorno" : "giorni"}`}
          </p>
        </>
      )}
    />
  );
}

/** Items idle for their course while another course was refused the same kind of item. */
export function ToMove({ rows }: { rows: DemandReport["da_spostare"] }) {
  return (
    <DemandRanking
      title="Da spostare"
      icon={ArrowRightLeft}
      intro="Articoli poco usati dal corso a cui sono assegnati, mentre un altro corso non ha ottenuto articoli della stessa categoria. Assegnarli anche a quel corso può soddisfarne le richieste."
      empty={{
        title: "Niente da spostare",
        text: "Nel periodo nessun articolo fermo in un corso è stato cercato invano da un altro.",
      }}
      rows={rows}
      rowKey={(row) => `${row.inventario_id}-${row.a_corso}`}
      badgeClassName="bg-amber-100 text-amber-800"
      badge={(row) => `${row.da_corso} → ${row.a_corso}`}
      details={(row) => <p className={NOTE}>{row.spiegazione}</p>}
    />
  );
}
