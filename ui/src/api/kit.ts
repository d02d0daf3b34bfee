import { useQuery } from "@tanstack/react-query";
import { addDays } from "../../../src/domain/dates";
import type { KitAvailabilityView, KitInput, KitView } from "../../../src/modules/kits/model";
import { answerOf, server } from "../lib/api";
import { useRefreshingWrite } from "./refreshing-write";

// Kits: the desk's templates of a set (GET/POST/PUT/DELETE /api/kit), the days a whole kit can be
// booked (GET /api/kit/:id/disponibilita); its label is printed with the units' (ui/src/api/labels.ts).

export type { KitInput };
export type Kit = KitView;
export type KitAvailability = KitAvailabilityView;

export const kitKeys = {
  all: ["kit"] as const,
  availability: (id: number, from: string) => ["kit", id, "disponibilita", from] as const,
};

/** The desk's kits, or a student's: the kits of their course. */
export function useKits() {
  return useQuery({
    queryKey: kitKeys.all,
    queryFn: () => answerOf(server.api.kit.get(), "Errore nel caricamento dei kit"),
  });
}

export function useKitAvailability(kitId: number | null, from: string, horizonDays: number) {
  const to = addDays(from, horizonDays);
  return useQuery({
    queryKey: kitKeys.availability(kitId ?? 0, from),
    queryFn: () =>
      answerOf(
        server.api.kit({ id: String(kitId) }).disponibilita.get({ query: { dal: from, al: to } }),
        "Errore nel caricamento della disponibilità del kit",
      ),
    enabled: kitId !== null && from !== "",
  });
}

function useKitWrite<Input, Output>(write: (input: Input) => Promise<Output>) {
  return useRefreshingWrite(kitKeys.all, write);
}

export function useSaveKit() {
  return useKitWrite(({ id, input }: { id: number | null; input: KitInput }) =>
    id === null
      ? answerOf(server.api.kit.post(input), "Errore nel salvataggio del kit")
      : answerOf(server.api.kit({ id: String(id) }).put(input), "Errore nel salvataggio del kit"),
  );
}

export function useDeleteKit() {
  return useKitWrite((id: number) =>
    answerOf(server.api.kit({ id: String(id) }).delete(), "Errore nell'eliminazione del kit"),
  );
}
