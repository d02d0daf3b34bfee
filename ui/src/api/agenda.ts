import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { answerOf, server } from "../lib/api";

// The desk's calendar of every booking (GET /api/agenda): what goes out and comes back, day by day.

export type { AgendaAnswer, AgendaEntry } from "../../../src/modules/people/model";

export interface AgendaFilter {
  dal: string;
  al: string;
  categoria: string;
  corso: string;
}

export function useAgenda({ dal, al, categoria, corso }: AgendaFilter) {
  return useQuery({
    queryKey: ["agenda", dal, al, categoria, corso] as const,
    queryFn: () =>
      answerOf(
        server.api.agenda.get({
          query: { dal, al, ...(categoria ? { categoria } : {}), ...(corso ? { corso } : {}) },
        }),
      ),
    // The week shown stays while the next one loads.
    placeholderData: keepPreviousData,
  });
}
