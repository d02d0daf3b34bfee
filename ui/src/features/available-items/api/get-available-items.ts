import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import type { LoanType } from "../../../../../src/domain/loan-types";
import type { ItemState } from "../../../../../src/domain/unit-state";
import { apiRequest } from "../../../lib/api";

/** An item of the student's course, as its card shows it. */
export interface AvailableItem {
  id: number;
  nome: string;
  note: string | null;
  posizione: string | null;
  categoria_id: number | null;
  categoria_nome: string | null;
  quantita_totale: number;
  unita_disponibili: number;
  stato_effettivo: ItemState;
  tipo_prestito: LoanType;
  immagine_url: string | null;
}

/** One page of the catalogue from the server, with the count of the whole (filtered) catalogue. */
interface CataloguePage {
  elementi: AvailableItem[];
  totale: number;
  pagina: number;
  per_pagina: number;
}

const CATALOGUE_PAGE_SIZE = 24;

/**
 * The student's catalogue page by page, searched and filtered by category on the server: a course with
 * hundreds of items never comes at once. While another search is on its way, the previous cards stay.
 */
export function useCataloguePages(search: string, categoryId: string) {
  return useInfiniteQuery({
    queryKey: ["inventario", "disponibili", "pagine", search, categoryId],
    queryFn: ({ pageParam }) => {
      const query = new URLSearchParams({ pagina: String(pageParam), per_pagina: String(CATALOGUE_PAGE_SIZE) });
      if (search) query.set("search", search);
      if (categoryId) query.set("categoria", categoryId);
      return apiRequest<CataloguePage>(`/api/inventario/disponibili?${query}`);
    },
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pagina * last.per_pagina < last.totale ? last.pagina + 1 : undefined),
    placeholderData: keepPreviousData,
  });
}
