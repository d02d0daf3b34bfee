import { useState } from "react";
import type { User } from "../../../lib/user";
import { PenaltyModal } from "./penalty-modal";
import { UserCards } from "./user-cards";
import type { UserRowsProps } from "./user-row-actions";
import { UserTable } from "./user-table";

type UserListProps = Omit<UserRowsProps, "onPenalties">;

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
