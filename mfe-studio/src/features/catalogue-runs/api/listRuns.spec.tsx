import { render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { TryOnRunSummary } from '@vton/contracts';
import { createQueryClient } from '@vton/shell-sdk';
import { useRuns } from './listRuns';

function RunList() {
  const runs = useRuns();
  return <ul>{runs.data?.runs.map((run) => <li key={run.id}>{run.id}</li>)}</ul>;
}

afterEach(() => jest.restoreAllMocks());

it('shows a run started elsewhere when the seller comes back to the planner, without a reload', async () => {
  const summary = (id: string) => ({ id }) as TryOnRunSummary;
  let runs = [summary('run-earlier')];
  jest.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response(JSON.stringify({ runs, nextCursor: null }), { headers: { 'content-type': 'application/json' } }));
  const queryClient = createQueryClient();
  const planner = render(
    <QueryClientProvider client={queryClient}>
      <RunList />
    </QueryClientProvider>,
  );
  expect(await screen.findByText('run-earlier')).toBeInTheDocument();
  planner.unmount();

  runs = [summary('run-from-another-tab'), ...runs];
  render(
    <QueryClientProvider client={queryClient}>
      <RunList />
    </QueryClientProvider>,
  );
  expect(await screen.findByText('run-from-another-tab')).toBeInTheDocument();
});
