import { useState } from "react";
import type { User } from "../../../lib/user";
import { PenaltyModal } from "./penalty-modal";
import { UserCards } from "./user-cards";
import { UserTable } from "./user-table";

export interface UserActions {
  onEdit: (user: User) => void;
  onResetPassword: (user: User) => void;
  onDelete: (user: User) => void;
}

interface UserListProps extends UserActions {
  users: User[];
}

export interface UserRowsProps extends UserListProps {
  onPenalties: (user: User) => void;
}

// Administrator accounts cannot be deleted and have no penalties, so they get neither button.

/** A table from the `md` breakpoint up, cards below it; students' penalties open in a dialog. */
export function UserList(props: UserListProps) {
  const [penaltiesOf, setPenaltiesOf] = useState<User | null>(null);
  return (
    <>
      <UserTable {...props} onPenalties={setPenaltiesOf} />
      <UserCards {...props} onPenalties={setPenaltiesOf} />
      {penaltiesOf && <PenaltyModal user={penaltiesOf} onClose={() => setPenaltiesOf(null)} />}
    </>
  );
}
