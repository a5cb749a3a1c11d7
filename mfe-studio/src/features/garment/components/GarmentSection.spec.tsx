import { act, fireEvent, screen, within } from '@testing-library/react';
import type { GarmentRecord } from '@vton/contracts';
import { renderWithHost } from '@vton/shell-sdk/testing';
import { deleteProduct, listProducts } from '../../../lib/productLibrary';
import { createWorkspaceStore, garmentFromRecord, WorkspaceStoreContext } from '../../../stores/workspaceStore';
import { GarmentSection } from './GarmentSection';

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
