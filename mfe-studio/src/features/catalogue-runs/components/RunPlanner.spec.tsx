import { fireEvent, render, screen, within } from '@testing-library/react';
import type { GarmentRecord, ModelPhotoRecord } from '@vton/contracts';
import { ThemeRoot } from '@vton/ui';
import { RunPlanner } from './RunPlanner';

const product = { id: 1, name: 'Red shirt', filename: 'red.png', category: 'upper_body', width: 600, height: 600, url: '/g1', croppedUrl: '/g1c', cropData: null, uploadedAt: '' } as GarmentRecord;
const model = (id: number) =>
  ({ id, status: 'ready', filename: `m${id}.png`, thumbnailUrl: `/m${id}t`, masks: { upper_body: { processedMaskUrl: '/mask', bounds: { x: 0, y: 0, width: 1, height: 1 } } } }) as unknown as ModelPhotoRecord;

/** The planner with one product and two model photos chosen, under `creditsLeft`. */
function renderPlanner(creditsLeft: number | null | undefined) {
  const fetched = <T,>(data: T) => ({ data, isPending: false, error: null, refetch: () => undefined });
  render(
    <ThemeRoot>
      <RunPlanner products={fetched([product])} models={fetched([model(1), model(2)])} creditsLeft={creditsLeft} starting={false} onStart={() => undefined} />
    </ThemeRoot>,
  );
  const form = screen.getByRole('form', { name: 'Start a catalogue run' });
  fireEvent.click(within(form).getByRole('checkbox', { name: /Red shirt/ }));
  fireEvent.click(within(form).getByRole('button', { name: 'All' }));
  return screen.getByTestId('run-plan');
}

it('counts the credits the run will take and what is left', () => {
  expect(renderPlanner(5)).toHaveTextContent(/^2 cells · 2 credits5 credits left$/);
});

it('on an unlimited plan counts no credits to take: "Unlimited credits"', () => {
  const plan = renderPlanner(null);
  expect(plan).toHaveTextContent(/^2 cellsUnlimited credits$/);
  expect(plan).not.toHaveTextContent(/2 credits/);
});

it('with billing off speaks of no credits at all', () => {
  expect(renderPlanner(undefined)).toHaveTextContent(/^2 cells$/);
});
