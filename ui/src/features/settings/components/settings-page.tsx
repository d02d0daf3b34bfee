import { Plus, Trash2 } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import {
  type AcademySettings,
  type Closure,
  normalizedDomains,
  settingsProblem,
  WEEKDAY_NAMES,
} from "../../../../../src/domain/academy-settings";
import { useSaveSettings, useSettings } from "../../../api/impostazioni";
import { Alert } from "../../../components/alert";
import { Button, IconButton } from "../../../components/button";
import { CalendarFeedCard } from "../../../components/calendar-feed-card";
import { TextAreaField, TextField } from "../../../components/form-field";
import { PageHeader } from "../../../components/page-header";
import { LoadingState } from "../../../components/spinner";
import { useToast } from "../../../components/toast";
import { CoursesCard } from "./courses-card";

const SECTION = "rounded-xl border border-slate-200 bg-white p-5 shadow-sm";

/** A number field's text as a limit: empty means "no limit" (null). */
function limitOf(text: string): number | null {
  return text.trim() === "" ? null : Number(text);
}

/** The academy's own rules (admin): opening days, closures, loan limits, strikes, receipts, courses. */
export function SettingsPage() {
  const settings = useSettings();
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

function SettingsForm({ saved }: { saved: AcademySettings }) {
  const [draft, setDraft] = useState(saved);
  const [error, setError] = useState<string | null>(null);
  // The domains are typed as text, one per line: the list is read from it, the text kept as typed.
  const [domainsText, setDomainsText] = useState(saved.domini_email_registrazione.join("\n"));
  const save = useSaveSettings();
  const toast = useToast();
  useEffect(() => {
    setDraft(saved);
    setDomainsText(saved.domini_email_registrazione.join("\n"));
  }, [saved]);
  const set = (change: Partial<AcademySettings>) => setDraft((current) => ({ ...current, ...change }));
  const setClosure = (index: number, change: Partial<Closure>) =>
    set({ chiusure: draft.chiusure.map((closure, at) => (at === index ? { ...closure, ...change } : closure)) });

  function submit(event: FormEvent) {
    event.preventDefault();
    const problem = settingsProblem(draft);
    setError(problem);
    if (problem) return;
    save.mutate(draft, {
      onSuccess: () => toast("Impostazioni salvate"),
      onError: (failure) => setError(failure.message),
    });
  }

  return (
    <form onSubmit={submit} className="space-y-6" noValidate>
      <section aria-labelledby="apertura-title" className={SECTION}>
        <h2 id="apertura-title" className="font-semibold text-slate-900">
          Giorni di apertura
        </h2>
        <fieldset className="mt-3">
          <legend className="text-sm text-slate-600">Il banco è aperto nei giorni scelti</legend>
          <div className="mt-2 flex flex-wrap gap-3">
            {WEEKDAY_NAMES.map((name, index) => {
              const day = index + 1;
              const checked = draft.giorni_apertura.includes(day);
              return (
                <label key={name} className="inline-flex items-center gap-2 text-sm text-slate-700 capitalize">
                  <input
                    type="checkbox"
                    checked={checked}
                    onChange={() =>
                      set({
                        giorni_apertura: checked
                          ? draft.giorni_apertura.filter((open) => open !== day)
                          : [...draft.giorni_apertura, day].sort(),
                      })
                    }
                    className="size-4 rounded border-slate-300 text-indigo-600"
                  />
                  {name}
                </label>
              );
            })}
          </div>
        </fieldset>
        <h3 className="mt-5 text-sm font-semibold text-slate-900">Chiusure</h3>
        <p className="text-sm text-slate-600">
          Festività e periodi di chiusura: nessun prestito inizia o finisce in questi giorni.
        </p>
        <ul className="mt-3 space-y-3">
          {draft.chiusure.map((closure, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: closures have no id until saved; their order is the form's
            <li key={index} className="grid grid-cols-1 gap-3 sm:grid-cols-[10rem_10rem_1fr_auto] sm:items-end">
              <TextField
                label="Dal"
                type="date"
                value={closure.dal}
                onChange={(event) => setClosure(index, { dal: event.target.value })}
              />
              <TextField
                label="Al"
                type="date"
                value={closure.al}
                onChange={(event) => setClosure(index, { al: event.target.value })}
              />
              <TextField
                label="Motivo"
                value={closure.motivo}
                maxLength={200}
                onChange={(event) => setClosure(index, { motivo: event.target.value })}
              />
              <IconButton
                icon={Trash2}
                tone="danger"
                label={`Elimina la chiusura ${closure.motivo || index + 1}`}
                onClick={() => set({ chiusure: draft.chiusure.filter((_, at) => at !== index) })}
              />
            </li>
          ))}
        </ul>
        <Button
          variant="secondary"
          className="mt-3"
          icon={Plus}
          onClick={() => set({ chiusure: [...draft.chiusure, { dal: "", al: "", motivo: "" }] })}
        >
          Aggiungi chiusura
        </Button>
      </section>

      <section aria-labelledby="prestiti-title" className={`${SECTION} grid gap-4 sm:grid-cols-2`}>
        <h2 id="prestiti-title" className="font-semibold text-slate-900 sm:col-span-2">
          Prestiti
        </h2>
        <TextField
          label="Durata massima di un prestito esterno (giorni)"
          optional
          hint="Vuoto = nessun limite. Ogni oggetto può avere la sua."
          type="number"
          min={1}
          value={draft.durata_massima_giorni ?? ""}
          onChange={(event) => set({ durata_massima_giorni: limitOf(event.target.value) })}
        />
        <TextField
          label="Prestiti e richieste in corso per studente, al massimo"
          optional
          hint="Vuoto = nessun limite."
          type="number"
          min={1}
          value={draft.prestiti_massimi_per_studente ?? ""}
          onChange={(event) => set({ prestiti_massimi_per_studente: limitOf(event.target.value) })}
        />
        <TextField
          label="Giorni per ritirare un prestito"
          hint="Dopo il giorno di inizio: passati questi giorni, un prestito mai ritirato viene annullato."
          type="number"
          min={1}
          max={30}
          value={draft.giorni_ritiro}
          onChange={(event) => set({ giorni_ritiro: Number(event.target.value) })}
        />
      </section>

      <section aria-labelledby="penalita-title" className={`${SECTION} grid gap-4 sm:grid-cols-2`}>
        <h2 id="penalita-title" className="font-semibold text-slate-900 sm:col-span-2">
          Penalità
        </h2>
        <TextField
          label="Penalità che bloccano l'account"
          type="number"
          min={1}
          value={draft.soglia_blocco}
          onChange={(event) => set({ soglia_blocco: Number(event.target.value) })}
        />
        <TextField
          label="Le penalità scadono dopo (mesi senza ritardi)"
          hint="0 = non scadono mai."
          type="number"
          min={0}
          value={draft.scadenza_penalita_mesi}
          onChange={(event) => set({ scadenza_penalita_mesi: Number(event.target.value) })}
        />
        <fieldset className="sm:col-span-2">
          <legend className="text-sm font-medium text-slate-700">
            Scala: da quanti giorni di ritardo, quante penalità
          </legend>
          <ul className="mt-2 space-y-2">
            {draft.scala_penalita.map((step, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a step is its place on the scale
              <li key={index} className="grid grid-cols-[1fr_1fr_auto] items-end gap-3">
                <TextField
                  label={`Gradino ${index + 1}: da giorni di ritardo`}
                  type="number"
                  min={1}
                  value={step.da_giorni}
                  onChange={(event) =>
                    set({
                      scala_penalita: draft.scala_penalita.map((current, at) =>
                        at === index ? { ...current, da_giorni: Number(event.target.value) } : current,
                      ),
                    })
                  }
                />
                <TextField
                  label={`Gradino ${index + 1}: penalità`}
                  type="number"
                  min={1}
                  value={step.strike}
                  onChange={(event) =>
                    set({
                      scala_penalita: draft.scala_penalita.map((current, at) =>
                        at === index ? { ...current, strike: Number(event.target.value) } : current,
                      ),
                    })
                  }
                />
                <IconButton
                  icon={Trash2}
                  tone="danger"
                  label={`Elimina il gradino ${index + 1}`}
                  disabled={draft.scala_penalita.length === 1}
                  onClick={() => set({ scala_penalita: draft.scala_penalita.filter((_, at) => at !== index) })}
                />
              </li>
            ))}
          </ul>
          <Button
            variant="secondary"
            className="mt-3"
            onClick={() => {
              const last = draft.scala_penalita.at(-1);
              set({
                scala_penalita: [
                  ...draft.scala_penalita,
                  { da_giorni: (last?.da_giorni ?? 0) + 7, strike: (last?.strike ?? 0) + 1 },
                ],
              });
            }}
            icon={Plus}
          >
            Aggiungi gradino
          </Button>
        </fieldset>
      </section>

      <section aria-labelledby="ricevute-title" className={`${SECTION} space-y-4`}>
        <h2 id="ricevute-title" className="font-semibold text-slate-900">
          Ricevute e indirizzo pubblico
        </h2>
        <div>
          <label htmlFor="testo-condizioni" className="mb-1.5 block text-sm font-medium text-slate-700">
            Condizioni stampate sulle ricevute <span className="font-normal text-slate-500">(opzionale)</span>
          </label>
          <textarea
            id="testo-condizioni"
            rows={4}
            maxLength={5000}
            value={draft.testo_condizioni}
            onChange={(event) => set({ testo_condizioni: event.target.value })}
            className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm shadow-sm focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/20 focus:outline-none"
          />
        </div>
        <TextField
          label="URL pubblico"
          optional
          hint="L'indirizzo con cui studenti e QR code raggiungono PrestaLab, es. https://prestiti.accademia.it"
          type="url"
          value={draft.url_pubblico ?? ""}
          onChange={(event) => set({ url_pubblico: event.target.value.trim() === "" ? null : event.target.value })}
        />
      </section>

      <section aria-labelledby="posta-title" className={`${SECTION} space-y-4`}>
        <div>
          <h2 id="posta-title" className="font-semibold text-slate-900">
            Posta elettronica
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Con un server di posta PrestaLab scrive agli studenti (approvazioni, rifiuti, scadenze, ritardi, penalità,
            blocchi), manda al banco il riepilogo del mattino e il link per reimpostare la password. Vuoto: si usano
            SMTP_URL e MAIL_FROM del server, se ci sono; altrimenti nessuna e-mail.
          </p>
        </div>
        <TextField
          label="Server di posta (SMTP)"
          optional
          hint="es. smtps://utente:password@mail.accademia.it:465 · la password salvata appare come ****: lasciala così per tenerla"
          autoComplete="off"
          value={draft.smtp_url ?? ""}
          onChange={(event) => set({ smtp_url: event.target.value.trim() === "" ? null : event.target.value })}
        />
        <TextField
          label="Mittente"
          optional
          hint="es. Ufficio prestiti <prestiti@accademia.it>"
          value={draft.mail_from ?? ""}
          onChange={(event) => set({ mail_from: event.target.value.trim() === "" ? null : event.target.value })}
        />
      </section>

      <section aria-labelledby="registrazione-title" className={`${SECTION} space-y-4`}>
        <div>
          <h2 id="registrazione-title" className="font-semibold text-slate-900">
            Registrazione degli studenti
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Con uno o più domini, gli studenti possono registrarsi solo con un indirizzo e-mail di quei domini. Il banco
            può sempre creare un account con qualsiasi indirizzo.
          </p>
        </div>
        <TextAreaField
          label="Domini e-mail ammessi"
          optional
          hint="Uno per riga, solo la parte dopo la @, es. studenti.accademia.it. Vuoto: chiunque può registrarsi."
          value={domainsText}
          onChange={(event) => {
            setDomainsText(event.target.value);
            set({ domini_email_registrazione: normalizedDomains(event.target.value.split(/[\s,;]+/)) });
          }}
        />
      </section>

      {error && <Alert tone="error">{error}</Alert>}
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Salvataggio..." : "Salva impostazioni"}
        </Button>
      </div>
    </form>
  );
}
