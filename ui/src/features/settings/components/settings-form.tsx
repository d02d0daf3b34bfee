import type { AcademySettings } from "../../../../../src/domain/academy-settings";
import { Alert } from "../../../components/alert";
import { Button } from "../../../components/button";
import { useSettingsForm } from "../hooks/use-settings-form";
import { AccessSection } from "./access-section";
import { LoanLimitsSection } from "./loan-limits-section";
import { MailSection } from "./mail-section";
import { OpeningDaysSection } from "./opening-days-section";
import { PenaltiesSection } from "./penalties-section";
import { ReceiptsSection } from "./receipts-section";
import { RegistrationSection } from "./registration-section";

/** The academy's rules as one form: each section edits the same draft, saved together. */
export function SettingsForm({ saved }: { saved: AcademySettings }) {
  const { draft, set, setAccess, domainsText, changeDomainsText, submit, error, saving } = useSettingsForm(saved);
  return (
    <form onSubmit={submit} className="space-y-6" noValidate>
      <OpeningDaysSection draft={draft} set={set} />
      <LoanLimitsSection draft={draft} set={set} />
      <PenaltiesSection draft={draft} set={set} />
      <ReceiptsSection draft={draft} set={set} />
      <MailSection draft={draft} set={set} />
      <AccessSection access={draft.accesso} setAccess={setAccess} />
      <RegistrationSection domainsText={domainsText} onDomainsTextChange={changeDomainsText} />
      {error && <Alert tone="error">{error}</Alert>}
      <div className="flex justify-end">
        <Button type="submit" disabled={saving}>
          {saving ? "Salvataggio..." : "Salva impostazioni"}
        </Button>
      </div>
    </form>
  );
}
