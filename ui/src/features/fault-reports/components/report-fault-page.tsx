import { TriangleAlert } from "lucide-react";
import { PlaceholderPage } from "../../../components/placeholder-page";

export function ReportFaultPage() {
  return (
    <PlaceholderPage
      title="Segnala Guasto"
      description="Segnala un problema su un'attrezzatura che hai in prestito."
      icon={TriangleAlert}
    />
  );
}
