import { KeyRound, type LucideIcon, Pencil, ShieldAlert, Trash2 } from "lucide-react";
import { fullName, isAdmin, type User } from "../../../lib/user";

/** What the users page does with one user. */
interface UserActions {
  onEdit: (user: User) => void;
  onResetPassword: (user: User) => void;
  onDelete: (user: User) => void;
}

/** The users a layout shows, and what each of their rows may do. */
export interface UserRowsProps extends UserActions {
  users: User[];
  onPenalties: (user: User) => void;
}

export interface UserRowAction {
  icon: LucideIcon;
  /** The button's short text, where it has room for one. */
  text: string;
  /** The button's name, which says whose row it acts on. */
  label: string;
  danger: boolean;
  run: () => void;
}

/**
 * The actions of a user's row, in the order both layouts show them. Administrator accounts cannot be
 * deleted and have no penalties, so they get neither.
 */
export function userRowActions(user: User, actions: Omit<UserRowsProps, "users">): UserRowAction[] {
  const name = fullName(user);
  const all: UserRowAction[] = [
    { icon: Pencil, text: "Modifica", label: `Modifica ${name}`, danger: false, run: () => actions.onEdit(user) },
    {
      icon: KeyRound,
      text: "Password",
      label: `Reimposta password di ${name}`,
      danger: false,
      run: () => actions.onResetPassword(user),
    },
  ];
  if (isAdmin(user)) return all;
  return [
    ...all,
    {
      icon: ShieldAlert,
      text: "Penalità",
      label: `Penalità di ${name}`,
      danger: false,
      run: () => actions.onPenalties(user),
    },
    { icon: Trash2, text: "Elimina", label: `Elimina ${name}`, danger: true, run: () => actions.onDelete(user) },
  ];
}
