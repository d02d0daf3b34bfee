import { ExternalLink, MapPin, Send, Tag } from "lucide-react";
import { LOAN_TYPE_LABELS } from "../../../../../src/domain/loan-types";
import type { ItemState } from "../../../../../src/domain/unit-state";
import type { CatalogueItem } from "../../../api/inventario";
import { AddToSetButton } from "../../../components/add-to-set-button";
import { Button } from "../../../components/button";
import { ClampedText } from "../../../components/clamped-text";
import { ItemLink } from "../../../components/entity-links";
import { Badge, type BadgeTone } from "../../../components/status-badge";
import { countWith } from "../../../lib/plural";

const ITEM_STATES: Record<ItemState, { label: string; tone: BadgeTone }> = {
  disponibile: { label: "Disponibile", tone: "green" },
  in_prestito: { label: "In Prestito", tone: "amber" },
  in_riparazione: { label: "In Riparazione", tone: "orange" },
  non_disponibile: { label: "Non Disponibile", tone: "gray" },
  perso: { label: "Persa", tone: "red" },
};

/** Only web addresses become links: a stored `javascript:` URL must never be clickable. */
function isWebAddress(url: string | null): url is string {
  return url !== null && /^https?:\/\//i.test(url.trim());
}

export function ItemCard({ item, onRequest }: { item: CatalogueItem; onRequest: () => void }) {
  const state = ITEM_STATES[item.stato_effettivo];
  const requestable = item.stato_effettivo === "disponibile";
  return (
    <article className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex items-start justify-between gap-3">
        <h2 className="min-w-0 font-semibold text-slate-900">
          <ItemLink id={item.id} name={item.nome} />
        </h2>
        <Badge tone={state.tone}>{state.label}</Badge>
      </div>
      <dl className="mt-2 space-y-1 text-sm text-slate-600">
        <div className="flex items-start gap-1.5">
          <dt className="sr-only">Categoria</dt>
          <Tag className="mt-0.5 size-3.5 shrink-0 text-slate-500" aria-hidden="true" />
          <dd className="min-w-0">{item.categoria_nome ?? "Senza categoria"}</dd>
        </div>
        {item.posizione && (
          <div className="flex items-start gap-1.5">
            <dt className="sr-only">Posizione</dt>
            <MapPin className="mt-0.5 size-3.5 shrink-0 text-slate-500" aria-hidden="true" />
            <dd className="min-w-0">{item.posizione}</dd>
          </div>
        )}
      </dl>
      {item.note && <ClampedText text={item.note} className="mt-2 text-sm text-slate-500" />}
      <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-500">
        <span>
          <span className="font-semibold text-slate-800">{item.unita_disponibili}</span> di{" "}
          {countWith(item.quantita_totale, "unità disponibile", "unità disponibili")}
        </span>
        <span>{LOAN_TYPE_LABELS[item.tipo_prestito]}</span>
      </div>
      <div className="mt-auto flex flex-wrap items-center justify-between gap-3 pt-4">
        {isWebAddress(item.immagine_url) ? (
          <a
            href={item.immagine_url}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 rounded text-sm font-medium text-indigo-600 hover:text-indigo-800 focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            <ExternalLink className="size-3.5" aria-hidden="true" />
            Vedi immagine
            <span className="sr-only"> di {item.nome} (si apre in una nuova scheda)</span>
          </a>
        ) : (
          <span />
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <AddToSetButton kind="articolo" id={item.id} nome={item.nome} disabled={item.quantita_totale === 0} />
          <Button
            icon={Send}
            onClick={onRequest}
            disabled={!requestable}
            aria-label={`Richiedi ${item.nome}`}
            title={requestable ? undefined : "Nessuna unità disponibile al momento"}
            className="py-2"
          >
            Richiedi
          </Button>
        </div>
      </div>
    </article>
  );
}
