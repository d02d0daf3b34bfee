import { Package } from "lucide-react";
import { PlaceholderPage } from "../../../components/placeholder-page";

export function InventoryPage() {
  return <PlaceholderPage title="Inventario" description="Articoli, unità, categorie e codici QR." icon={Package} />;
}
