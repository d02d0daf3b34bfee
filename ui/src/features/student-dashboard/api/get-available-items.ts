import { useQuery } from "@tanstack/react-query";
import type { ItemState } from "../../../../../src/domain/unit-state";
import { apiRequest } from "../../../lib/api";

interface CourseItem {
  id: number;
  stato_effettivo: ItemState;
}

/** The items of the student's course (only counted here). */
export function useAvailableItems() {
  return useQuery({
    queryKey: ["inventario", "disponibili"],
    queryFn: () => apiRequest<CourseItem[]>("/api/inventario/disponibili"),
  });
}
