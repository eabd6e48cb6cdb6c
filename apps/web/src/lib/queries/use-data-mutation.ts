// The one way a screen writes (decision 1031): the mutation file names the write, the query
// keys it makes stale, the toast after it and the words for its failures; this hook does the
// rest, so no component calls invalidateQueries or keeps its own busy/try/toast state.
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { toast } from '../../components/ui/toast-store';
import { dataErrorCode } from './data-error';

export interface DataMutationSpec<TVars, TResult> {
  mutationFn: (vars: TVars) => Promise<TResult>;
  /** Keys made stale by the write; each is invalidated (with everything under it). */
  invalidates: (vars: TVars, result: TResult) => readonly QueryKey[];
  /** Keys made stale by a refusal too (the shift that filled up while the page was open). */
  staleAfterFailure?: (vars: TVars) => readonly QueryKey[];
  /** The toast after success, already in the user's language; none when undefined. */
  success?: (vars: TVars, result: TResult) => string | undefined;
  /** Words for a failure code (a business code or a DataErrorKind). */
  describeError: (code: string) => string;
}

export function useDataMutation<TVars, TResult>(spec: DataMutationSpec<TVars, TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: spec.mutationFn,
    onSuccess: async (result, vars) => {
      await Promise.all(
        spec.invalidates(vars, result).map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
      const title = spec.success?.(vars, result);
      if (title) toast({ title });
    },
    onError: (error, vars) => {
      for (const queryKey of spec.staleAfterFailure?.(vars) ?? [])
        void queryClient.invalidateQueries({ queryKey });
      toast({ variant: 'destructive', title: spec.describeError(dataErrorCode(error)) });
    },
  });
}
