import { Wrench } from "lucide-react";
import { PlaceholderPage } from "../../../components/placeholder-page";

export function RepairsPage() {
  return (
    <PlaceholderPage title="Riparazioni" description="Riparazioni in corso, completate e annullate." icon={Wrench} />
  );
}
