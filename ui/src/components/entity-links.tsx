import { Link } from "react-router";

// Every name of an item or a student is a way to it: the item page (its calendar and units) and, for the
// desk, the student page. Underlined always, so a link is told from the text around it without colour.

const LINK_CLASS =
  "rounded-sm underline decoration-slate-300 underline-offset-2 hover:text-indigo-700 hover:decoration-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500";

/** The item page of `/inventario/:id`, for the desk and the students alike. */
export function itemPath(itemId: number): string {
  return `/inventario/${itemId}`;
}

/** The desk's student page. */
export function studentPath(userId: number): string {
  return `/utenti/${userId}`;
}

export function ItemLink({ id, name, className = "" }: { id: number; name: string; className?: string }) {
  return (
    <Link to={itemPath(id)} className={`${LINK_CLASS} ${className}`}>
      {name}
    </Link>
  );
}

/** A student's name leading to their page; an account deleted since (no id) stays plain text. */
export function StudentLink({ id, name, className = "" }: { id: number | null; name: string; className?: string }) {
  if (id === null) return <span className={className}>{name}</span>;
  return (
    <Link to={studentPath(id)} className={`${LINK_CLASS} ${className}`}>
      {name}
    </Link>
  );
}
