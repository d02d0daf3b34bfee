import type { ComponentProps, ReactNode } from "react";
import { Alert } from "../../../components/alert";
import { EmptyState } from "../../../components/empty-state";
import { LoadingState } from "../../../components/spinner";

interface RecentCardProps<Row> {
  titleId: string;
  title: string;
  /** A link beside the title, to the whole list. */
  action?: ReactNode;
  /** Where the newest rows are loading from. */
  state: { isPending: boolean; isError: boolean; isSuccess: boolean };
  /** The rows, once they came. */
  rows: readonly Row[] | undefined;
  errorText: string;
  empty: ComponentProps<typeof EmptyState>;
  /** How the rows show, when some came. */
  children: (rows: readonly Row[]) => ReactNode;
}

/** A dashboard card of the newest few of something: loading, its failure, nothing yet, or the rows. */
export function RecentCard<Row>({
  titleId,
  title,
  action,
  state,
  rows,
  errorText,
  empty,
  children,
}: RecentCardProps<Row>) {
  return (
    <section aria-labelledby={titleId} className="min-w-0 rounded-xl border border-slate-200 bg-white shadow-sm">
      <header className="flex items-center justify-between gap-3 border-b border-slate-100 px-5 py-4">
        <h2 id={titleId} className="font-semibold text-slate-900">
          {title}
        </h2>
        {action}
      </header>
      {state.isPending && <LoadingState />}
      {state.isError && (
        <div className="p-5">
          <Alert tone="error">{errorText}</Alert>
        </div>
      )}
      {state.isSuccess && rows?.length === 0 && <EmptyState {...empty} />}
      {state.isSuccess && rows && rows.length > 0 && children(rows)}
    </section>
  );
}
