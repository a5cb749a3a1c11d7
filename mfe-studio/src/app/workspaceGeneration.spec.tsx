import { act, fireEvent, screen, within } from '@testing-library/react';
import type { TryOnJob, TryOnJobModel } from '@vton/contracts';
import { resetSessionResults, resetToastsForTests } from '@vton/shell-sdk';
import { renderWithHost } from '@vton/shell-sdk/testing';
import { createWorkspaceStore, modelFromRecord } from '../stores/workspaceStore';
import { WorkspacePage } from './WorkspacePage';

// the try-on service and the gallery are outside the studio: stand-ins that the test drives
jest.mock('../features/generation/api/tryOnJobs', () => ({ createTryOnJob: jest.fn(), retryTryOnModel: jest.fn(), watchTryOnJob: jest.fn() }));
jest.mock('../features/generation/api/saveGeneratedImage', () => ({ saveGeneratedImage: jest.fn(async () => ({ id: 90, imageUrl: '/saved.png' })) }));
jest.mock('../features/generation/utils/imageData', () => ({ imageUrlToPngDataUrl: jest.fn(async () => 'data:image/png;base64,AAAA'), placeholderImage: (i: number) => `/placeholder-${i}.png` }));
import { createTryOnJob, retryTryOnModel, watchTryOnJob } from '../features/generation/api/tryOnJobs';

/** A stored model photo with its approved upper-body mask, as the workspace holds it. */
const photo = (id: number, filename: string) => {
  const mask = { croppedImageUrl: `/k${id}`, processedMaskUrl: `/k${id}m`, bounds: { x: 0, y: 0, width: 800, height: 1200 }, approvedAt: '' };
  return modelFromRecord({ id, filename, width: 800, height: 1200, status: 'ready', url: `/m${id}`, thumbnailUrl: `/m${id}t`, masks: { upper_body: mask }, inpaint: mask, suggestedMasks: {}, uploadedAt: '' });
};

function tryOnJob(states: TryOnJobModel['state'][]): TryOnJob {
  const models = states.map((state, i): TryOnJobModel => {
    const modelId = i + 1;
    return {
      modelId,
      state,
      attempts: 1,
      error: state === 'failed' ? { code: 'VTON_API_ERROR', message: `model ${modelId} broke` } : null,
      result: state === 'succeeded' ? { id: `r${modelId}`, imageUrl: `/r${modelId}.png`, modelId, garmentId: 7, prompt: '', processedAt: '2026-01-01T10:00:00.000Z' } : null,
    };
  });
  const running = states.some((s) => s === 'queued' || s === 'running');
  return { id: 'j1', garmentId: 7, prompt: '', status: running ? 'running' : 'completed', models, createdAt: '', updatedAt: '' };
}

beforeEach(() => {
  resetSessionResults();
  resetToastsForTests();
  jest.clearAllMocks();
  jest.useFakeTimers();
});

afterEach(() => {
  jest.useRealTimers();
});

it('Mock waits while a Try on runs; after a Mock the try-on’s progress list stays, and its failed model can be retried', async () => {
  let push: (job: TryOnJob) => void = () => {};
  (watchTryOnJob as jest.Mock).mockImplementation((_id: string, onJob: (job: TryOnJob) => void) => {
    push = onJob;
    return () => {};
  });
  (createTryOnJob as jest.Mock).mockResolvedValue(tryOnJob(['queued', 'queued']));
  (retryTryOnModel as jest.Mock).mockResolvedValue(tryOnJob(['succeeded', 'queued']));
  const store = createWorkspaceStore({
    garment: { id: 7, filename: 'shirt.png', url: '/g', width: 960, height: 960, croppedUrl: '/c', cropData: null, uploadProgress: null, uploadedAt: '' },
    models: [photo(1, 'anna.jpg'), photo(2, 'ben.jpg')],
  });
  renderWithHost(<WorkspacePage store={store} />);
  const mock = screen.getByRole('button', { name: 'Mock' });
  const view = () => screen.getByTestId('generation-view');

  // a Try on runs: Mock, a second generation, waits for it (as Try on waits for a Mock)
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Try on' })));
  expect(mock).toBeDisabled();
  act(() => push(tryOnJob(['succeeded', 'failed'])));
  expect(screen.getByTestId('generation-progress').textContent).toBe('1 / 2 done · 1 failed');
  expect(mock).toBeEnabled();

  // a Mock after it: its own rows over the try-on's, which stay, Retry held until the Mock is done
  fireEvent.click(mock);
  const mockRows = within(view()).getByRole('list', { name: 'Mock progress' });
  expect(within(mockRows).getAllByRole('listitem').map((row) => row.querySelector('.state')!.textContent)).toEqual(['running', 'running']);
  expect(within(view()).getByRole('button', { name: 'Retry ben.jpg' })).toBeDisabled();
  await act(async () => {
    await jest.advanceTimersByTimeAsync(5000);
  });
  expect(screen.getByTestId('generation-progress').textContent).toBe('2 / 2 done');
  expect(within(mockRows).getByRole('button', { name: 'Show the result for anna.jpg' })).toBeInTheDocument();

  const tryOnRows = within(view()).getByRole('list', { name: 'Progress per model' });
  expect(screen.getByTestId('try-on-progress').textContent).toBe('Try on · 1 / 2 done · 1 failed');
  expect(within(tryOnRows).getAllByRole('listitem').map((row) => row.dataset.state)).toEqual(['succeeded', 'failed']);
  const retry = within(tryOnRows).getByRole('button', { name: 'Retry ben.jpg' });
  expect(retry).toBeEnabled();

  // Retry brings the try-on back as the generation shown, and its result onto the stage
  await act(async () => fireEvent.click(retry));
  expect(retryTryOnModel).toHaveBeenCalledWith('j1', 2);
  expect(within(view()).queryByRole('list', { name: 'Mock progress' })).not.toBeInTheDocument();
  expect(screen.getByTestId('generation-progress').textContent).toBe('1 / 2 done');
  act(() => push(tryOnJob(['succeeded', 'succeeded'])));
  expect(screen.getByTestId('generation-progress').textContent).toBe('2 / 2 done');
  expect(screen.getByTestId('active-result')).toHaveAttribute('src', '/r2.png');
});
