import { useSearchParams } from "react-router";
import { useStudentSheet } from "../api/scheda";

/**
 * The student page's "Presta" opens the desk's new-loan wizard with the student already chosen:
 * `/prestiti?nuovo-prestito-per=ID`.
 */
const LEND_TO_PARAM = "nuovo-prestito-per";

export function lendToStudentLink(userId: number): string {
  return `/prestiti?${new URLSearchParams({ [LEND_TO_PARAM]: String(userId) })}`;
}

/** The student a link names (loaded), or null; `close` takes the link out of the address. */
export function useStudentToLend() {
  const [params, setParams] = useSearchParams();
  const id = Number(params.get(LEND_TO_PARAM));
  const sheet = useStudentSheet(Number.isInteger(id) && id > 0 ? id : null);
  function close() {
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.delete(LEND_TO_PARAM);
        return updated;
      },
      { replace: true },
    );
  }
  const user = sheet.data?.utente;
  const borrower = user ? { id: user.id, name: user.name, surname: user.surname, email: user.email } : null;
  return { borrower, close };
}
