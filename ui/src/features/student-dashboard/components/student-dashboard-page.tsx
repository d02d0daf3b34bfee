import { LayoutDashboard } from "lucide-react";
import { PlaceholderPage } from "../../../components/placeholder-page";
import { fullName, type User } from "../../../lib/user";

export function StudentDashboardPage({ user }: { user: User }) {
  return (
    <PlaceholderPage
      title={`Benvenuto, ${fullName(user)}`}
      description="Il riepilogo dei tuoi prestiti, richieste e segnalazioni."
      icon={LayoutDashboard}
    />
  );
}
