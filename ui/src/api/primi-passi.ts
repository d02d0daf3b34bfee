import { useQuery } from "@tanstack/react-query";
import { answerOf, server } from "../lib/api";

// The setup checklist of a new academy (GET /api/primi-passi): the desk's dashboard shows it until every
// step is done. It has no key of its own resource: read again each time the dashboard opens, it follows
// whatever the desk changed on the settings, courses or inventory screens meanwhile.

export type { SetupChecklist, SetupStepView } from "../../../src/modules/setup/model";

export const primiPassiKey = ["primi-passi"] as const;

export function useSetupChecklist() {
  return useQuery({ queryKey: primiPassiKey, queryFn: () => answerOf(server.api["primi-passi"].get()) });
}
