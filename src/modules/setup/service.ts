import type { AppContext } from "../../context";
import { type AcademySettings, DEFAULT_SETTINGS } from "../../domain/academy-settings";
import { configuredPublicUrl } from "../counter/documents";
import { coursesChangedByDesk, listActiveCourses } from "../courses/service";
import { listedItems } from "../inventory/list-query";
import { mailSetup } from "../mail/service";
import { readSettings } from "../settings/service";
import type { SetupChecklist, SetupStepView } from "./model";

/**
 * The desk's opening week is its own once it differs from the all-week default a clean install starts
 * with, or once a closure is set: either is a choice only the desk makes.
 */
function openingDaysChosen(settings: AcademySettings): boolean {
  const defaultWeek = DEFAULT_SETTINGS.giorni_apertura;
  const sameWeek =
    settings.giorni_apertura.length === defaultWeek.length &&
    defaultWeek.every((day) => settings.giorni_apertura.includes(day));
  return !sameWeek || settings.chiusure.length > 0;
}

/**
 * The one place that says which steps a new academy goes through and when each is done, read from the
 * academy's data on every call, so a step ticks itself as soon as the desk has done it on its screen.
 */
export function setupChecklist(ctx: AppContext): SetupChecklist {
  const settings = readSettings(ctx.db);
  const publicUrl = configuredPublicUrl(ctx);
  const courses = listActiveCourses(ctx.db).length;
  const coursesChosen = coursesChangedByDesk(ctx.db);
  const items = listedItems(ctx.db, null);
  const mail = mailSetup(ctx, settings);
  const passi: SetupStepView[] = [
    {
      passo: "accademia",
      titolo: "Nome e indirizzo pubblico",
      descrizione: publicUrl
        ? `${ctx.appName}, all'indirizzo ${publicUrl}`
        : `Il nome è ${ctx.appName}: indica l'indirizzo pubblico, quello di link, e-mail e QR code`,
      fatto: publicUrl !== null,
      link: "/impostazioni#ricevute-title",
    },
    {
      passo: "corsi",
      titolo: "Corsi",
      descrizione: coursesChosen
        ? `${courses} ${courses === 1 ? "corso attivo" : "corsi attivi"}`
        : `Ci sono ${courses} corsi di esempio: aggiungi, rinomina o archivia quelli della tua accademia`,
      fatto: coursesChosen,
      link: "/impostazioni#corsi-title",
    },
    {
      passo: "apertura",
      titolo: "Giorni di apertura",
      descrizione: openingDaysChosen(settings)
        ? "Giorni di apertura e chiusure impostati"
        : "Scegli i giorni in cui il banco è aperto e le chiusure (feste, vacanze)",
      fatto: openingDaysChosen(settings),
      link: "/impostazioni#apertura-title",
    },
    {
      passo: "inventario",
      titolo: "Primi articoli",
      descrizione:
        items > 0
          ? `${items} ${items === 1 ? "articolo" : "articoli"} in inventario`
          : "Importa l'inventario da un foglio Excel (Altre operazioni → Importa) o aggiungi un articolo",
      fatto: items > 0,
      link: "/inventario",
    },
    {
      passo: "posta",
      titolo: "Posta elettronica",
      descrizione: mail
        ? `Le e-mail partono da ${mail.from}`
        : "Imposta il server di posta: avvisi, promemoria e link per reimpostare la password",
      fatto: mail !== null,
      link: "/impostazioni#posta-title",
    },
  ];
  return { passi, completato: passi.every((step) => step.fatto) };
}
