import { BarChart3 } from "lucide-react";
import { PlaceholderPage } from "../../../components/placeholder-page";

export function StatsPage() {
  return (
    <PlaceholderPage
      title="Statistiche"
      description="Andamento delle richieste e classifiche d'uso."
      icon={BarChart3}
    />
  );
}
