import { UserPlus, Users } from "lucide-react";
import { useState } from "react";
import { useUsers } from "../../../../api/users";
import { Alert } from "../../../../components/alert";
import { COVERING_INPUT } from "../../../../components/covering-input";
import { EmptyState } from "../../../../components/empty-state";
import { LoadingState } from "../../../../components/spinner";
import { isAdmin } from "../../../../lib/user";
import { StrikeBadge } from "../loan-badges";
import { ChoiceCard, StepSearch } from "./choice-card";
import { CreatedBorrower } from "./created-borrower";
import { NewBorrowerForm } from "./new-borrower-form";
import type { Borrower } from "./wizard-state";

type Mode = "registered" | "new";

interface BorrowerStepProps {
  borrower: Borrower | null;
  onSelect: (borrower: Borrower | null) => void;
}

/** Step 2: a registered student (administrators cannot borrow), or a new one registered here. */
export function BorrowerStep({ borrower, onSelect }: BorrowerStepProps) {
  const [mode, setMode] = useState<Mode>("registered");
  // The one-time password lives only here: once the wizard moves on it cannot be shown again.
  const [created, setCreated] = useState<{ name: string; password: string } | null>(null);

  function switchMode(next: Mode) {
    if (next === mode) return;
    setMode(next);
    setCreated(null);
    onSelect(null);
  }

  return (
    <div className="space-y-4">
      <fieldset className="min-w-0 grid grid-cols-2 gap-1 rounded-lg bg-slate-100 p-1">
        <legend className="sr-only">Tipo di utente</legend>
        {(
          [
            ["registered", "Utente registrato", Users],
            ["new", "Nuovo utente", UserPlus],
          ] as const
        ).map(([key, label, Icon]) => (
          <label
            key={key}
            className={`relative flex cursor-pointer items-center justify-center gap-2 rounded-md px-3 py-2 text-sm font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-indigo-600 ${
              mode === key ? "bg-white text-slate-900 shadow-sm" : "text-slate-600 hover:text-slate-900"
            }`}
          >
            <input
              type="radio"
              name="borrower-mode"
              value={key}
              checked={mode === key}
              onChange={() => switchMode(key)}
              className={COVERING_INPUT}
            />
            <Icon className="size-4 shrink-0" aria-hidden="true" />
            {label}
          </label>
        ))}
      </fieldset>
      {mode === "registered" ? (
        <RegisteredBorrowers selectedId={borrower?.id ?? null} onSelect={onSelect} />
      ) : created ? (
        <CreatedBorrower name={created.name} password={created.password} />
      ) : (
        <NewBorrowerForm
          onCreated={(user, password) => {
            onSelect({ id: user.id, name: user.name, surname: user.surname, email: user.email });
            setCreated({ name: `${user.name} ${user.surname}`, password });
          }}
        />
      )}
    </div>
  );
}

function RegisteredBorrowers({
  selectedId,
  onSelect,
}: {
  selectedId: number | null;
  onSelect: (borrower: Borrower) => void;
}) {
  const users = useUsers();
  const [search, setSearch] = useState("");
  if (users.isPending) return <LoadingState label="Caricamento utenti..." />;
  if (users.isError) return <Alert tone="error">Errore nel caricamento utenti</Alert>;
  const term = search.trim().toLowerCase();
  const students = users.data.filter((user) => !isAdmin(user));
  const shown = students.filter(
    (user) =>
      !term || `${user.name} ${user.surname} ${user.email} ${user.matricola ?? ""}`.toLowerCase().includes(term),
  );
  return (
    <div className="space-y-3">
      <StepSearch
        id="loan-user-search"
        label="Cerca utente"
        value={search}
        onChange={setSearch}
        placeholder="Nome, email o matricola"
      />
      {shown.length === 0 ? (
        <EmptyState icon={Users} title="Nessun utente trovato" />
      ) : (
        <fieldset className="min-w-0 max-h-72 space-y-2 overflow-y-auto pr-1">
          <legend className="sr-only">Utente che riceve il prestito</legend>
          {shown.map((user) => (
            <ChoiceCard
              key={user.id}
              type="radio"
              name="loan-borrower"
              checked={selectedId === user.id}
              disabled={user.is_blocked}
              onChange={() => onSelect({ id: user.id, name: user.name, surname: user.surname, email: user.email })}
              label={`${user.name} ${user.surname}`}
              details={[user.email, user.matricola && `Matricola ${user.matricola}`, user.corso_accademico]
                .filter(Boolean)
                .join(" · ")}
              aside={<StrikeBadge strikes={user.penalty_strikes} blocked={user.is_blocked} />}
            />
          ))}
        </fieldset>
      )}
    </div>
  );
}
