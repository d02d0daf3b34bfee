import { PackageSearch } from "lucide-react";
import { PlaceholderPage } from "../../../components/placeholder-page";

export function AvailableItemsPage() {
  return (
    <PlaceholderPage
      title="Articoli Disponibili"
      description="Le attrezzature che puoi richiedere per il tuo corso."
      icon={PackageSearch}
    />
  );
}
