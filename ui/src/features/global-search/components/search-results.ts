import { LOAN_STATE } from "../../../../../src/domain/bookings";
import type { SearchResults } from "../../../../../src/modules/search/model";

/** One line of the results: what it is, a detail, and the screen it opens. */
export interface SearchHit {
  id: string;
  label: string;
  detail: string;
  href: string;
}

export interface SearchGroup {
  title: string;
  hits: SearchHit[];
}

/** The answer as the groups the dialog lists, each hit with the address it leads to. */
export function searchGroups(results: SearchResults): SearchGroup[] {
  const groups: SearchGroup[] = [
    {
      title: "Articoli",
      hits: results.oggetti.map((item) => ({
        id: `oggetto-${item.id}`,
        label: item.nome,
        detail: item.seriale ? `N. di serie ${item.seriale}` : `Articolo #${item.id}`,
        href: `/inventario/${item.id}`,
      })),
    },
    {
      title: "Unità",
      hits: results.unita.map((unit) => ({
        id: `unita-${unit.id}`,
        label: unit.codice_univoco,
        detail: unit.oggetto_nome,
        href: `/inventario/${unit.inventario_id}?unita=${encodeURIComponent(unit.codice_univoco)}`,
      })),
    },
    {
      title: "Studenti",
      hits: results.studenti.map((student) => ({
        id: `studente-${student.id}`,
        label: `${student.name} ${student.surname}`,
        detail: [student.matricola, student.email].filter(Boolean).join(" · "),
        href: `/utenti/${student.id}`,
      })),
    },
    {
      title: "Prestiti in corso",
      hits: results.prestiti.map((loan) => ({
        id: `prestito-${loan.id}`,
        label: `${loan.oggetto_nome} · ${loan.utente_nome}`,
        detail: `${loan.stato === LOAN_STATE.overdue ? "Scaduto" : "Attivo"}, da restituire il ${loan.data_rientro.split("-").reverse().join("/")}`,
        href: `/prestiti?cerca=${encodeURIComponent(loan.utente_nome)}`,
      })),
    },
  ];
  return groups.filter((group) => group.hits.length > 0);
}
