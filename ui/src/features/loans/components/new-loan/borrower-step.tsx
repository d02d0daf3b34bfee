import { Copy, KeyRound, UserPlus, Users } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { type NewUserInput, useCreateUser, useUsers } from "../../../../api/users";
import { Alert } from "../../../../components/alert";
import { Button } from "../../../../components/button";
import { COVERING_INPUT } from "../../../../components/covering-input";
import { EmptyState } from "../../../../components/empty-state";
import { SelectField, TextField } from "../../../../components/form-field";
import { LoadingState } from "../../../../components/spinner";
import { ApiError } from "../../../../lib/api";
import { useCourseNames } from "../../../../lib/courses";
import { isAdmin, type User } from "../../../../lib/user";
import { StrikeBadge } from "../loan-badges";
import { ChoiceCard, StepSearch } from "./choice-card";
import { generateTemporaryPassword } from "./temporary-password";
import type { Borrower } from "./wizard-state";

type Mode = "registered" | "new";

type NewBorrowerForm = Omit<NewUserInput, "password" | "ruolo">;

const EMPTY_FORM: NewBorrowerForm = {
  name: "",
  surname: "",
  email: "",
  matricola: "",
  corso_accademico: "",
  phone: "",
};

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

function NewBorrowerForm({ onCreated }: { onCreated: (user: User, password: string) => void }) {
  const courseNames = useCourseNames();
  const [form, setForm] = useState(EMPTY_FORM);
  const [missing, setMissing] = useState(false);
  const createBorrower = useCreateUser();

  const field = (key: keyof NewBorrowerForm) => ({
    value: form[key],
    onChange: (event: { target: { value: string } }) =>
      setForm((current) => ({ ...current, [key]: event.target.value })),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const required = [form.name, form.surname, form.email, form.matricola, form.corso_accademico];
    const incomplete = required.some((value) => !value.trim());
    setMissing(incomplete);
    if (incomplete) return;
    const password = generateTemporaryPassword();
    createBorrower.mutate(
      { ...form, password, ruolo: "user" },
      { onSuccess: (answer) => onCreated(answer.user, password) },
    );
  }

  const error = missing
    ? "Compila tutti i campi obbligatori"
    : createBorrower.error &&
      (createBorrower.error instanceof ApiError && createBorrower.error.status > 0
        ? createBorrower.error.message
        : "Errore nella creazione utente");
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Nome" autoComplete="off" {...field("name")} />
        <TextField label="Cognome" autoComplete="off" {...field("surname")} />
        <TextField
          label="Email"
          type="email"
          autoComplete="off"
          autoCapitalize="none"
          placeholder="nome.cognome@accademia.it"
          {...field("email")}
        />
        <TextField label="Matricola" autoComplete="off" {...field("matricola")} />
        <SelectField label="Corso accademico" {...field("corso_accademico")}>
          <option value="">Seleziona un corso</option>
          {courseNames.map((course) => (
            <option key={course} value={course}>
              {course}
            </option>
          ))}
        </SelectField>
        <TextField label="Telefono" type="tel" optional autoComplete="off" {...field("phone")} />
      </div>
      {error && <Alert tone="error">{error}</Alert>}
      <div className="flex justify-end">
        <Button type="submit" icon={UserPlus} busy={createBorrower.isPending}>
          Crea utente
        </Button>
      </div>
    </form>
  );
}

function CreatedBorrower({ name, password }: { name: string; password: string }) {
  const [copied, setCopied] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  // It replaces the form's button that was pressed: the focus moves here, where the desk acts next.
  useEffect(() => panel.current?.querySelector("button")?.focus(), []);
  async function copy() {
    try {
      await navigator.clipboard.writeText(password);
      setCopied(true);
    } catch (error) {
      console.warn("Copia negli appunti non riuscita:", error);
    }
  }
  return (
    <div ref={panel} className="space-y-3 rounded-lg border border-emerald-200 bg-emerald-50 p-4">
      <p className="text-sm font-medium text-emerald-900">Utente {name} creato e selezionato.</p>
      <div>
        <p id="temporary-password-label" className="flex items-center gap-1.5 text-xs font-medium text-emerald-900">
          <KeyRound className="size-3.5" aria-hidden="true" />
          Password temporanea
        </p>
        <div className="mt-1 flex flex-wrap items-center gap-2">
          <output
            aria-labelledby="temporary-password-label"
            className="rounded-md bg-white px-3 py-1.5 font-mono text-sm tracking-wide break-all text-slate-900 ring-1 ring-emerald-200"
          >
            {password}
          </output>
          <Button variant="secondary" icon={Copy} onClick={copy} className="px-3 py-1.5">
            {copied ? "Copiata" : "Copia"}
          </Button>
        </div>
      </div>
      <p className="text-xs text-emerald-800">Comunicala ora all'utente: non verrà più mostrata.</p>
    </div>
  );
}
