import { passwordProblem } from "../../../../../src/domain/password-policy";
import { PasswordField } from "../../../components/form-field";
import { REQUIRED_FIELD } from "./profile-fields";

/** The confirmation field's error: missing, or not the same as the password. */
function confirmationError(password: string, confirmation: string): string | null {
  if (!confirmation) return REQUIRED_FIELD;
  return password && confirmation !== password ? "Non coincide con la password" : null;
}

/** A password the desk gives an account, as typed twice. */
export interface NewPassword {
  password: string;
  confirmation: string;
}

export const NO_PASSWORD: NewPassword = { password: "", confirmation: "" };

/**
 * What stops a password the desk gives an account from being sent, as the message above the buttons, or
 * null: `missing` when either field is empty, then a mismatch, then the password policy.
 */
export function newPasswordProblem({ password, confirmation }: NewPassword, missing: string): string | null {
  if (!password || !confirmation) return missing;
  if (password !== confirmation) return "Le password non coincidono";
  return passwordProblem(password);
}

interface NewPasswordFieldsProps {
  passwordLabel: string;
  value: NewPassword;
  onChange: (value: NewPassword) => void;
  /** From the first attempt to save on, each field says what is wrong with it. */
  showProblems: boolean;
  confirmationHint?: string;
}

/** A password the desk gives an account, typed twice. */
export function NewPasswordFields({
  passwordLabel,
  value,
  onChange,
  showProblems,
  confirmationHint,
}: NewPasswordFieldsProps) {
  const { password, confirmation } = value;
  return (
    <>
      <PasswordField
        label={passwordLabel}
        autoComplete="new-password"
        value={password}
        error={showProblems && !password ? REQUIRED_FIELD : null}
        onChange={(event) => onChange({ ...value, password: event.target.value })}
      />
      <PasswordField
        label="Conferma password"
        autoComplete="new-password"
        hint={confirmationHint}
        value={confirmation}
        error={showProblems ? confirmationError(password, confirmation) : null}
        onChange={(event) => onChange({ ...value, confirmation: event.target.value })}
      />
    </>
  );
}
