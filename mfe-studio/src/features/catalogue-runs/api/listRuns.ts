import { useQuery } from '@tanstack/react-query';
import type { RunsPage } from '@vton/contracts';
import { apiRequest } from '@vton/shell-sdk';

/** GET /api/try-on/runs → the seller's runs, newest first, with their counts. */
export async function listRuns(): Promise<RunsPage> {
  const response = await apiRequest('GET', '/api/try-on/runs?limit=20');
  return (await response.json()) as RunsPage;
}

export const RUNS_KEY = ['catalogue', 'runs'] as const;

/**
 * Read again each time the planner shows (the host caches for good otherwise): a run started in
 * another tab or through the API, and the counts of runs that went on meanwhile, would be missing
 * until a reload.
 */
export function useRuns() {
  return useQuery({ queryKey: RUNS_KEY, queryFn: listRuns, staleTime: 0 });
}
