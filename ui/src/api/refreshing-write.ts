import { useMutation, useQueryClient } from "@tanstack/react-query";

/**
 * A write after which, done or refused, every query under the families named is read again: a refusal
 * may mean the screen was out of date, so it refreshes too.
 */
export function useRefreshingWrite<Input, Output>(
  families: readonly string[],
  write: (input: Input) => Promise<Output>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSettled: () => {
      for (const family of families) queryClient.invalidateQueries({ queryKey: [family] });
    },
  });
}
