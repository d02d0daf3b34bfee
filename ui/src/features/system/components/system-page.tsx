import { Activity } from "lucide-react";
import { PlaceholderPage } from "../../../components/placeholder-page";

export function SystemPage() {
  return (
    <PlaceholderPage title="Stato del Sistema" description="Servizi, risorse e incidenti recenti." icon={Activity} />
  );
}
