import { type FormEvent, useEffect, useState } from "react";
import type { AccessSettings } from "../../../../../src/domain/academy-access";
import { type AcademySettings, normalizedDomains, settingsProblem } from "../../../../../src/domain/academy-settings";
import { useSaveSettings } from "../../../api/impostazioni";
import { useToast } from "../../../components/toast";

/** What every section of the form is given: the settings as edited, and how to change some of them. */
export interface SettingsSectionProps {
  draft: AcademySettings;
  set: (change: Partial<AcademySettings>) => void;
}

/** An optional text field's value as a setting: blank means "not set" (null), anything else as typed. */
export function optionalText(text: string): string | null {
  return text.trim() === "" ? null : text;
}

/**
 * The settings form's one state: the draft every section edits, checked here before it is sent, and the
 * server's answer (a toast when saved, the message when refused). A new `saved` resets the draft.
 */
export function useSettingsForm(saved: AcademySettings) {
  const [draft, setDraft] = useState(saved);
  const [error, setError] = useState<string | null>(null);
  // The domains are typed as text, one per line: the list is read from it, the text kept as typed.
  const [domainsText, setDomainsText] = useState(saved.accesso.domini_email_registrazione.join("\n"));
  const save = useSaveSettings();
  const toast = useToast();
  useEffect(() => {
    setDraft(saved);
    setDomainsText(saved.accesso.domini_email_registrazione.join("\n"));
  }, [saved]);
  const set = (change: Partial<AcademySettings>) => setDraft((current) => ({ ...current, ...change }));
  const setAccess = (change: Partial<AccessSettings>) =>
    setDraft((current) => ({ ...current, accesso: { ...current.accesso, ...change } }));

  function changeDomainsText(text: string) {
    setDomainsText(text);
    setAccess({ domini_email_registrazione: normalizedDomains(text.split(/[\s,;]+/)) });
  }

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

  return { draft, set, setAccess, domainsText, changeDomainsText, submit, error, saving: save.isPending };
}
