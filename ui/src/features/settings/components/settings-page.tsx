import { useEffect } from "react";
import { useLocation } from "react-router";
import { useSettings } from "../../../api/impostazioni";
import { Alert } from "../../../components/alert";
import { CalendarFeedCard } from "../../../components/calendar-feed-card";
import { PageHeader } from "../../../components/page-header";
import { LoadingState } from "../../../components/spinner";
import { CoursesCard } from "./courses-card";
import { SettingsForm } from "./settings-form";

/** The academy's own rules (admin): opening days, closures, loan limits, strikes, receipts, courses. */
export function SettingsPage() {
  const settings = useSettings();
  const { hash } = useLocation();
  // A link to a section (the dashboard's "Primi passi": /impostazioni#posta-title) lands on it once the
  // form it sits in has loaded.
  useEffect(() => {
    if (settings.isSuccess && hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [settings.isSuccess, hash]);
  return (
    <div>
      <PageHeader
        title="Impostazioni"
        description="Le regole dell'accademia: il server le applica a ogni richiesta, prestito e restituzione."
      />
      {settings.isPending && <LoadingState label="Caricamento impostazioni..." />}
      {settings.isError && <Alert tone="error">Errore nel caricamento delle impostazioni</Alert>}
      {settings.isSuccess && <SettingsForm saved={settings.data} />}
      <div className="mt-6">
        <CoursesCard />
      </div>
      <div className="mt-6">
        <CalendarFeedCard
          title="Calendario delle scadenze"
          description="Le date di restituzione di tutti i prestiti in corso, con chi li ha, nel calendario del banco: aggiungi questo link come calendario a cui iscriverti."
        />
      </div>
    </div>
  );
}
