import { act, fireEvent, screen, within } from '@testing-library/react';
import type { GarmentRecord } from '@vton/contracts';
import { addSessionResults, getSessionResults } from '@vton/shell-sdk';
import { renderWithHost } from '@vton/shell-sdk/testing';
import { deleteProduct, listProducts } from '../../../lib/productLibrary';
import { uploadGarment } from '../api/uploadGarment';
import { createWorkspaceStore, garmentFromRecord, WorkspaceStoreContext } from '../../../stores/workspaceStore';
import { GarmentSection } from './GarmentSection';

jest.mock('../api/uploadGarment', () => ({ uploadGarment: jest.fn() }));

jest.mock('../../../lib/productLibrary', () => ({
  ...jest.requireActual('../../../lib/productLibrary'),
  listProducts: jest.fn(),
  deleteProduct: jest.fn(),
}));

const product = (id: number, name: string) =>
  ({ id, name, filename: `${name}.png`, category: 'upper_body', width: 600, height: 600, url: `/g${id}`, croppedUrl: `/g${id}c`, cropData: null, uploadedAt: '' }) as GarmentRecord;

it('deleting the product in the workspace leaves the workspace without a garment (the drop zone is back) and closes its crop', async () => {
  const inWorkspace = product(2, 'IMG_2041');
  jest.mocked(listProducts).mockResolvedValue([product(1, 'Red shirt'), inWorkspace]);
  jest.mocked(deleteProduct).mockResolvedValue(undefined);
  const store = createWorkspaceStore();
  store.setState({ garment: garmentFromRecord(inWorkspace), tool: 'crop' });
  renderWithHost(
    <WorkspaceStoreContext.Provider value={store}>
      <GarmentSection />
    </WorkspaceStoreContext.Provider>,
  );
  expect(screen.getByText('IMG_2041.png')).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Choose from your products' }));
  const list = await screen.findByRole('list', { name: 'Your products' });
  fireEvent.click(within(list).getByRole('button', { name: 'Delete IMG_2041' }));
  const confirmation = screen.getByRole('group', { name: 'Delete IMG_2041? Its results stay in the gallery.' });
  await act(async () => fireEvent.click(within(confirmation).getByRole('button', { name: 'Delete' })));

  expect(deleteProduct).toHaveBeenCalledWith(2);
  expect(store.getState().garment).toBeNull();
  expect(store.getState().tool).toBe('none');
  expect(screen.getByText('Drop your product photo here')).toBeInTheDocument();
  expect(screen.queryByText('IMG_2041.png')).toBeNull();
  // the other product is still there to be picked
  expect(within(list).getByRole('button', { name: /^Red shirt/ })).toBeInTheDocument();
  expect(within(list).getByRole('button', { name: 'Delete Red shirt' })).toHaveFocus();
});

it('a new photo for a product never renamed renames it, and this session\'s results of it follow', async () => {
  const inWorkspace = product(2, 'IMG_2041');
  jest.mocked(uploadGarment).mockResolvedValue({ ...product(2, 'new-season'), filename: 'new-season.png', croppedUrl: null });
  addSessionResults([{ id: 'r1', imageUrl: '/r1.png', processedAt: '2026-01-01T10:00:00.000Z', garmentId: 2, productName: 'IMG_2041' }]);
  const store = createWorkspaceStore();
  store.setState({ garment: garmentFromRecord(inWorkspace) });
  renderWithHost(
    <WorkspaceStoreContext.Provider value={store}>
      <GarmentSection />
    </WorkspaceStoreContext.Provider>,
  );
  global.URL.createObjectURL = jest.fn(() => 'blob:new');
  global.URL.revokeObjectURL = jest.fn();
  await act(async () => {
    fireEvent.change(screen.getByLabelText('Replace garment photo'), { target: { files: [new File(['x'], 'new-season.png', { type: 'image/png' })] } });
  });
  expect(uploadGarment).toHaveBeenCalledWith(expect.any(File), expect.any(Function), 2, 'upper_body');
  expect(store.getState().garment?.name).toBe('new-season');
  expect(getSessionResults().results.find((r) => r.id === 'r1')?.productName).toBe('new-season');
});
