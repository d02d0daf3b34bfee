import { ClipboardList } from "lucide-react";
import { PlaceholderPage } from "../../../components/placeholder-page";

export function MyLoansPage() {
  return (
    <PlaceholderPage
      title="I Miei Prestiti"
      description="Prestiti attivi, completati, in approvazione e rifiutati."
      icon={ClipboardList}
    />
  );
}
