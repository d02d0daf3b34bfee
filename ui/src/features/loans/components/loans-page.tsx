import { ClipboardList } from "lucide-react";
import { PlaceholderPage } from "../../../components/placeholder-page";

export function LoansPage() {
  return (
    <PlaceholderPage
      title="Prestiti"
      description="Richieste in attesa, prestiti attivi e completati."
      icon={ClipboardList}
    />
  );
}
