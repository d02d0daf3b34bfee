import { PageHeader } from "../../../components/page-header";
import { PasswordResetRequests } from "./password-reset-requests";

export function AdminDashboardPage() {
  return (
    <>
      <PageHeader title="Dashboard Amministratore" description="Quello che richiede l'attenzione del banco prestiti." />
      <PasswordResetRequests />
    </>
  );
}
