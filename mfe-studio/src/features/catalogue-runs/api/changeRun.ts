import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TryOnRun } from '@vton/contracts';
import { apiRequest } from '@vton/shell-sdk';
import { runQueryKey } from './getRun';
import { RUNS_KEY } from './listRuns';

/** What the grid can ask of a run: each answers the run as it is now. */
export type RunChange = { kind: 'retry-cell'; cellId: number } | { kind: 'retry-failed' } | { kind: 'cancel' };

/** POST …/cells/:cellId/retry, POST …/retry-failed, POST …/cancel */
export async function changeRun(runId: string, change: RunChange): Promise<TryOnRun> {
  const base = `/api/try-on/runs/${encodeURIComponent(runId)}`;
  const path = change.kind === 'retry-cell' ? `${base}/cells/${change.cellId}/retry` : `${base}/${change.kind}`;
  const response = await apiRequest('POST', path);
  return (await response.json()) as TryOnRun;
}

export function useChangeRun(runId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: RunChange) => changeRun(runId, change),
    onSuccess: async (run) => {
      queryClient.setQueryData(runQueryKey(run.id), run);
      await queryClient.invalidateQueries({ queryKey: RUNS_KEY });
    },
  });
}
