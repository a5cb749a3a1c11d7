import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { addSessionResults, openGallery, resetSessionResults, resetToastsForTests, getSessionResults, startPendingGeneration } from '@vton/shell-sdk';
import { TEMPORARILY_UNAVAILABLE, type GarmentRecord } from '@vton/contracts';
import { renderWithHost } from '@vton/shell-sdk/testing';
import { createWorkspaceStore, type WorkspaceModelPhoto } from '../stores/workspaceStore';
import { WorkspacePage } from './WorkspacePage';
import App from './App';
import { dropWorkspaceSession } from './workspaceSession';

jest.mock('../features/garment/api/uploadGarment', () => ({ uploadGarment: jest.fn() }));
jest.mock('../features/crop-tool/api/cropGarment', () => ({ cropGarment: jest.fn() }));
jest.mock('../features/model-photos/api/uploadModelPhotos', () => ({ uploadModelPhotos: jest.fn() }));
import { uploadGarment } from '../features/garment/api/uploadGarment';
import { cropGarment } from '../features/crop-tool/api/cropGarment';
import { uploadModelPhotos } from '../features/model-photos/api/uploadModelPhotos';

const garmentRecord: GarmentRecord = {
  id: 7,
  name: 'shirt',
  filename: 'shirt.png',
  category: 'upper_body',
  width: 1200,
  height: 1600,
  url: '/api/media/files/g7?sig=x',
  croppedUrl: null,
  cropData: null,
  uploadedAt: '2026-01-01T10:00:00.000Z',
};

const readyModel: WorkspaceModelPhoto = {
  key: 'model-1',
  id: 1,
  filename: 'anna.jpg',
  url: '/m1',
  thumbnailUrl: '/m1t',
  width: 800,
  height: 1200,
  status: 'ready',
  maskThumbnailUrl: null,
  inpaint: null,
  masks: {},
  uploadedAt: '2026-01-01T10:00:00.000Z',
};

beforeEach(() => {
  dropWorkspaceSession();
  resetSessionResults();
  resetToastsForTests();
  jest.clearAllMocks();
});

describe('studio workspace', () => {
  it.each([
    ['an error of its own', 500, { statusCode: 500, message: 'Internal server error' }, 'Internal server error'],
    ['svc-media not answering in time (the gateway’s 504)', 504, { statusCode: 504, code: 'GATEWAY_TIMEOUT', message: 'svc-media did not answer in time. Please try again in a moment.' }, TEMPORARILY_UNAVAILABLE.description],
  ])('says when the seller’s workspace could not be loaded (%s), and Try again brings it back', async (_what, status, answer, told) => {
    localStorage.setItem('auth_token', 'token-a');
    jest.spyOn(console, 'error').mockImplementation(() => {});
    let workspaceReads = 0;
    const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    jest.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const path = String(input);
      if (path === '/api/auth/me') return json({ user: { id: 5, email: 'seller@example.com', isEmailVerified: 'true', createdAt: '' } });
      if (path === '/api/media/workspace') {
        workspaceReads += 1;
        return workspaceReads === 1
          ? json(answer, status)
          : json({ garmentId: null, modelIds: [], prompt: 'back again', garmentCategory: 'upper_body', updatedAt: '2026-01-01T00:00:00.000Z' });
      }
      return json({ statusCode: 404, message: 'Not found' }, 404);
    });
    try {
      renderWithHost(<App />, { path: '/app', mount: '/app/*' });
      const canvas = screen.getByRole('region', { name: 'Canvas' });
      const alert = await within(canvas).findByRole('alert');
      expect(alert).toHaveTextContent(`Your workspace could not be loaded. ${told}`);
      fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
      await waitFor(() => expect(screen.getByPlaceholderText('Enter generation prompt...')).toHaveValue('back again'));
      expect(within(canvas).queryByRole('alert')).not.toBeInTheDocument();
      expect(workspaceReads).toBe(2);
    } finally {
      localStorage.clear();
      jest.restoreAllMocks();
    }
  });

  it('renders the empty workspace under /app', () => {
    renderWithHost(<App />, { path: '/app', mount: '/app/*' });
    expect(screen.getByRole('heading', { level: 1, name: 'Try-on workspace' })).toBeInTheDocument();
    expect(screen.getByText('Upload a garment and select model photos to begin the virtual try-on process')).toBeInTheDocument();
    expect(screen.getByText('Drop your product photo here')).toBeInTheDocument();
    expect(screen.getByText('PNG, JPG up to 10MB')).toBeInTheDocument();
    expect(screen.getByText('Add model photos')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Enter generation prompt...')).toHaveAttribute('rows', '3');
    expect(screen.getByRole('button', { name: 'Try on' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Mock' })).toBeEnabled();
    // the shell's <main> holds the page: the studio adds no second main landmark inside it
    expect(screen.queryAllByRole('main')).toHaveLength(0);
  });

  it('sizes the sidebar at 40 % of the window, clamped, and moves it 20 px per arrow key', () => {
    renderWithHost(<App />, { path: '/app', mount: '/app/*' });
    const separator = screen.getByRole('separator', { name: 'Resize sidebar' });
    expect(separator).toHaveAttribute('aria-valuenow', String(Math.min(600, Math.max(240, Math.round(window.innerWidth * 0.4)))));
    const start = Number(separator.getAttribute('aria-valuenow'));
    fireEvent.keyDown(separator, { key: 'ArrowLeft' });
    expect(separator).toHaveAttribute('aria-valuenow', String(Math.max(240, start - 20)));
  });

  it('holds the sidebar at its minimum while a tool is open, without losing the seller\'s width', () => {
    const store = createWorkspaceStore({
      garment: { id: 7, filename: 'shirt.png', url: '/g', width: 1200, height: 1600, croppedUrl: null, cropData: null, uploadProgress: null, uploadedAt: '' },
      models: [{ ...readyModel, status: 'uploaded' }],
    });
    renderWithHost(<WorkspacePage store={store} />);
    const separator = screen.getByRole('separator', { name: 'Resize sidebar' });
    fireEvent.keyDown(separator, { key: 'End' });
    expect(separator).toHaveAttribute('aria-valuenow', '600');
    expect(separator).toHaveAttribute('tabindex', '0');

    for (const open of [() => fireEvent.click(screen.getByRole('button', { name: 'Crop' })), () => fireEvent.click(screen.getByRole('button', { name: 'anna.jpg' }))]) {
      open();
      expect(screen.getByTestId('sidebar')).toHaveStyle({ width: '240px' });
      expect(separator).toHaveAttribute('aria-valuenow', '240');
      expect(separator).toHaveAttribute('aria-disabled', 'true');
      expect(separator).not.toHaveAttribute('tabindex');
      // keys and drags change nothing meanwhile
      fireEvent.keyDown(separator, { key: 'ArrowRight' });
      fireEvent.keyDown(separator, { key: 'Home' });
      fireEvent.pointerDown(separator, { pointerId: 1, clientX: 240 });
      fireEvent.pointerMove(separator, { pointerId: 1, clientX: 400 });
      fireEvent.pointerUp(separator, { pointerId: 1 });
      expect(separator).toHaveAttribute('aria-valuenow', '240');

      fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
      expect(store.getState().tool).toBe('none');
      expect(separator).toHaveAttribute('aria-valuenow', '600');
      expect(screen.getByTestId('sidebar')).toHaveStyle({ width: '600px' });
      expect(separator).not.toHaveAttribute('aria-disabled');
      expect(separator).toHaveAttribute('tabindex', '0');
    }
  });

  it('uploads a garment (image files only), crops it and shows the success toast', async () => {
    (uploadGarment as jest.Mock).mockImplementation(async (_file: File, onProgress: (f: number) => void) => {
      onProgress(0.5);
      return garmentRecord;
    });
    (cropGarment as jest.Mock).mockResolvedValue({ ...garmentRecord, croppedUrl: '/c7', cropData: { x: 120, y: 320, width: 960, height: 960, naturalWidth: 1200, naturalHeight: 1600 } });
    URL.createObjectURL = jest.fn(() => 'blob:local');
    URL.revokeObjectURL = jest.fn();
    renderWithHost(<App />, { path: '/app', mount: '/app/*' });
    const input = screen.getByLabelText('Garment photo');
    fireEvent.change(input, { target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] } });
    expect(uploadGarment).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { files: [new File(['x'], 'shirt.png', { type: 'image/png' }), new File(['y'], 'b.png', { type: 'image/png' })] } });
    expect(await screen.findByText('Ready for cropping')).toBeInTheDocument();
    expect(uploadGarment).toHaveBeenCalledTimes(1);
    expect((uploadGarment as jest.Mock).mock.calls[0][0].name).toBe('shirt.png');

    fireEvent.click(screen.getByRole('button', { name: 'Crop' }));
    expect(await screen.findByRole('button', { name: 'Confirm' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findAllByText('Cropped & ready')).not.toHaveLength(0);
    expect(cropGarment).toHaveBeenCalledWith(7, { x: 120, y: 320, width: 960, height: 960, naturalWidth: 1200, naturalHeight: 1600 });
  });

  it('keeps the workspace when the studio unmounts and mounts again (the seller visited another page)', async () => {
    (uploadGarment as jest.Mock).mockResolvedValue(garmentRecord);
    URL.createObjectURL = jest.fn(() => 'blob:local');
    URL.revokeObjectURL = jest.fn();
    const first = renderWithHost(<App />, { path: '/app', mount: '/app/*' });
    fireEvent.change(screen.getByLabelText('Garment photo'), { target: { files: [new File(['x'], 'shirt.png', { type: 'image/png' })] } });
    expect(await screen.findByTestId('garment-status')).toHaveTextContent('Ready for cropping');
    fireEvent.change(screen.getByPlaceholderText('Enter generation prompt...'), { target: { value: 'linen, summer light' } });
    first.unmount();

    renderWithHost(<App />, { path: '/app', mount: '/app/*' });
    expect(screen.getByTestId('garment-status')).toHaveTextContent('Ready for cropping');
    expect(screen.getByText('shirt.png')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Enter generation prompt...')).toHaveValue('linen, summer light');
  });

  it('shows "Crop failed" when the crop call fails', async () => {
    (cropGarment as jest.Mock).mockRejectedValue(new Error('500: boom'));
    const store = createWorkspaceStore({ garment: { id: 7, filename: 'shirt.png', url: '/g', width: 1200, height: 1600, croppedUrl: null, cropData: null, uploadProgress: null, uploadedAt: '' } });
    renderWithHost(<WorkspacePage store={store} />);
    fireEvent.click(screen.getByRole('button', { name: 'Crop' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(cropGarment).toHaveBeenCalled());
    const toast = await screen.findByRole('alert');
    expect(within(toast).getByText('Crop failed')).toBeInTheDocument();
    expect(within(toast).getByText('Failed to crop garment. Please try again.')).toBeInTheDocument();
    expect(store.getState().tool).toBe('crop');
  });

  it('enables Try on only with a cropped garment and a ready model', () => {
    const garment = { id: 7, filename: 'shirt.png', url: '/g', width: 1200, height: 1600, croppedUrl: null as string | null, cropData: null, uploadProgress: null, uploadedAt: '' };
    const store = createWorkspaceStore({ garment, models: [{ ...readyModel, status: 'uploaded' }] });
    renderWithHost(<WorkspacePage store={store} />);
    const tryOn = screen.getByRole('button', { name: 'Try on' });
    expect(tryOn).toBeDisabled();
    act(() => store.setState({ garment: { ...garment, croppedUrl: '/c' } }));
    expect(tryOn).toBeDisabled();
    act(() => store.setState({ models: [readyModel] }));
    expect(tryOn).toBeEnabled();
    expect(screen.getByRole('button', { name: 'anna.jpg (mask approved)' })).toBeInTheDocument();
    expect(screen.getByTestId('model-count')).toHaveTextContent('1 photo');
  });

  it('keeps the photos picked in a drop zone\'s file dialog that closes after the restore filled the section', async () => {
    (uploadGarment as jest.Mock).mockResolvedValue({ ...garmentRecord, id: 8, filename: 'dress.png' });
    (uploadModelPhotos as jest.Mock).mockResolvedValue([{ id: 2, filename: 'ben.png', width: 600, height: 800, status: 'uploaded', url: '/m2', thumbnailUrl: '/m2t', inpaint: null, uploadedAt: '' }]);
    URL.createObjectURL = jest.fn(() => 'blob:local');
    URL.revokeObjectURL = jest.fn();
    const store = createWorkspaceStore({ restoring: true });
    renderWithHost(<WorkspacePage store={store} />);
    // the seller opens each drop zone's file dialog while "Restoring your workspace…" shows…
    const garmentInput = screen.getByLabelText('Garment photo');
    const modelsInput = screen.getByLabelText('Model photos');
    for (const [zone, input] of [['Drop your product photo here', garmentInput], ['Add model photos', modelsInput]] as const) {
      const openDialog = jest.spyOn(input, 'click').mockImplementation(() => undefined);
      fireEvent.click(screen.getByRole('button', { name: new RegExp(`^${zone}`) }));
      expect(openDialog).toHaveBeenCalledTimes(1);
    }
    // …the restore brings back the garment and a photo meanwhile, the drop zones give way…
    act(() => store.setState({ restoring: false, garment: { id: 7, filename: 'shirt.png', url: '/g', width: 1200, height: 1600, croppedUrl: null, cropData: null, uploadProgress: null, uploadedAt: '' }, models: [readyModel] }));
    expect(screen.queryByText('Add model photos')).not.toBeInTheDocument();
    // …then the seller chooses: the files arrive all the same
    fireEvent.change(modelsInput, { target: { files: [new File(['y'], 'ben.png', { type: 'image/png' })] } });
    fireEvent.change(garmentInput, { target: { files: [new File(['x'], 'dress.png', { type: 'image/png' })] } });
    expect(await screen.findByRole('button', { name: 'ben.png' })).toBeEnabled();
    expect(uploadModelPhotos).toHaveBeenCalledTimes(1);
    expect(store.getState().models.map((m) => m.filename)).toEqual(['anna.jpg', 'ben.png']);
    expect(await screen.findByText('dress.png')).toBeInTheDocument();
    expect(uploadGarment).toHaveBeenCalledTimes(1);
  });

  it('crop and inpaint are mutually exclusive; Cancel closes the tool', () => {
    const store = createWorkspaceStore({
      garment: { id: 7, filename: 'shirt.png', url: '/g', width: 1200, height: 1600, croppedUrl: null, cropData: null, uploadProgress: null, uploadedAt: '' },
      models: [{ ...readyModel, status: 'uploaded' }],
    });
    renderWithHost(<WorkspacePage store={store} />);
    fireEvent.click(screen.getByRole('button', { name: 'Crop' }));
    expect(screen.getByTestId('crop-size')).toHaveTextContent('960px');
    fireEvent.click(screen.getByRole('button', { name: 'anna.jpg' }));
    expect(store.getState()).toMatchObject({ tool: 'mask', maskModelKey: 'model-1' });
    expect(screen.queryByTestId('crop-stage')).not.toBeInTheDocument();
    expect(screen.getByRole('toolbar', { name: 'Mask tools' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(store.getState().tool).toBe('none');
  });
});

describe('results drawer', () => {
  it('opens from the global trigger with the empty state and closes with Escape, the backdrop or the button', async () => {
    renderWithHost(<App />, { path: '/app', mount: '/app/*' });
    act(() => openGallery());
    expect(screen.getByRole('dialog', { name: 'Results' })).toBeInTheDocument();
    expect(screen.getByText('Generate results to view them here.')).toBeInTheDocument();
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Results' })).not.toBeInTheDocument();
    act(() => openGallery());
    // a click outside counts from a tick after opening, and starts with the pointer going down
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    fireEvent.pointerDown(screen.getByTestId('results-backdrop'), { button: 0 });
    fireEvent.click(screen.getByTestId('results-backdrop'));
    expect(screen.queryByRole('dialog', { name: 'Results' })).not.toBeInTheDocument();
    act(() => openGallery());
    fireEvent.click(screen.getByRole('button', { name: 'Close results' }));
    expect(screen.queryByRole('dialog', { name: 'Results' })).not.toBeInTheDocument();
  });

  it('lists results newest first, marks them seen (also those arriving while open) and shows skeletons', () => {
    addSessionResults([
      { id: 'a', imageUrl: '/a.png', processedAt: '2026-01-01T10:00:00.000Z' },
      { id: 'b', imageUrl: '/b.png', processedAt: '2026-01-01T10:01:00.000Z' },
    ]);
    renderWithHost(<App />, { path: '/app', mount: '/app/*' });
    expect(screen.getByTestId('gallery-badge')).toHaveTextContent('2');
    act(() => openGallery());
    const grid = screen.getByRole('list', { name: 'Results' });
    expect(within(grid).getAllByText(/Result #\d/).map((n) => n.textContent)).toEqual(['Result #1', 'Result #2']);
    expect(getSessionResults().unseenCount).toBe(0);
    act(() => addSessionResults([{ id: 'c', imageUrl: '/c.png', processedAt: '2026-01-01T10:02:00.000Z' }]));
    expect(getSessionResults().unseenCount).toBe(0);
    act(() => {
      startPendingGeneration(2);
    });
    expect(within(grid).getByLabelText('Generating result 1 of 2')).toBeInTheDocument();
  });

  it('caps the badge at 99+', () => {
    addSessionResults(Array.from({ length: 120 }, (_, i) => ({ id: `r${i}`, imageUrl: `/${i}.png`, processedAt: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString() })));
    renderWithHost(<App />, { path: '/app', mount: '/app/*' });
    expect(screen.getByTestId('gallery-badge')).toHaveTextContent('99+');
  });
});
