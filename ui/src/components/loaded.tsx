import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { LoadFailure } from "./load-failure";
import { LoadingState } from "./spinner";

interface LoadedProps {
  query: UseQueryResult<unknown>;
  /** Said while the query loads. */
  loading: string;
  /** Said when it failed, beside "Riprova". */
  error: string;
  /** Inside a card without padding the failure stands off the card's edges. */
  inset?: boolean;
  children: ReactNode;
}

/** A list's loading state, its failure with a retry, or its content once loaded. */
export function Loaded({ query, loading, error, inset = false, children }: LoadedProps) {
  if (query.isPending) return <LoadingState label={loading} />;
  if (query.isError) {
    const failure = <LoadFailure onRetry={() => query.refetch()}>{error}</LoadFailure>;
    return inset ? <div className="p-4">{failure}</div> : failure;
  }
  return children;
}
