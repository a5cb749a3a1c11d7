import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StartRunRequest, TryOnRun } from '@vton/contracts';
import { apiRequest } from '@vton/shell-sdk';
import { runQueryKey } from './getRun';
import { RUNS_KEY } from './listRuns';

/** POST /api/try-on/runs → the run, its cells queued or skipped. */
export async function startRun(request: StartRunRequest): Promise<TryOnRun> {
  const response = await apiRequest('POST', '/api/try-on/runs', request);
  return (await response.json()) as TryOnRun;
}

export function useStartRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startRun,
    onSuccess: async (run) => {
      queryClient.setQueryData(runQueryKey(run.id), run);
      await queryClient.invalidateQueries({ queryKey: RUNS_KEY });
    },
  });
}
