import { act, fireEvent, screen, within } from '@testing-library/react';
import { TEMPORARILY_UNAVAILABLE, type GarmentRecord } from '@vton/contracts';
import { renderWithHost } from '@vton/shell-sdk/testing';
import { deleteProduct, listProducts, PRODUCTS_QUERY_KEY, updateProduct } from '../../../lib/productLibrary';
import { ProductPicker } from './ProductPicker';

jest.mock('../../../lib/productLibrary', () => ({
  ...jest.requireActual('../../../lib/productLibrary'),
  listProducts: jest.fn(),
  updateProduct: jest.fn(),
  deleteProduct: jest.fn(),
}));

const product = (id: number, name: string) =>
  ({ id, name, filename: `${name}.png`, category: 'upper_body', width: 600, height: 600, url: `/g${id}`, croppedUrl: null, cropData: null, uploadedAt: '' }) as GarmentRecord;

const library = () => [product(1, 'Red shirt'), product(2, 'IMG_2041'), product(3, 'Chinos')];

/** The picker open on the library, the planner's copy of the library already read. */
async function openPicker({ currentId = null as number | null, onDeleted = jest.fn() } = {}) {
  jest.mocked(listProducts).mockResolvedValue(library());
  const host = renderWithHost(<ProductPicker currentId={currentId} onPick={jest.fn()} onRenamed={jest.fn()} onDeleted={onDeleted} />);
  host.queryClient.setQueryData(PRODUCTS_QUERY_KEY, library());
  fireEvent.click(screen.getByRole('button', { name: 'Choose from your products' }));
  const list = await screen.findByRole('list', { name: 'Your products' });
  const plannerNames = () => host.queryClient.getQueryData<GarmentRecord[]>(PRODUCTS_QUERY_KEY)!.map((p) => p.name);
  return { list, plannerNames, onDeleted };
}

beforeEach(() => jest.resetAllMocks());

it('picking a product with the keyboard leaves focus on "Choose from your products", not on the page', async () => {
  jest.mocked(listProducts).mockResolvedValue([product(1, 'Red shirt'), product(2, 'Blue jeans')]);
  const onPick = jest.fn();
  renderWithHost(<ProductPicker currentId={null} onPick={onPick} onRenamed={jest.fn()} onDeleted={jest.fn()} />);
  fireEvent.click(screen.getByRole('button', { name: 'Choose from your products' }));
  const jeans = await screen.findByRole('button', { name: /^Blue jeans/ });
  jeans.focus();
  await act(async () => fireEvent.click(jeans));

  expect(onPick).toHaveBeenCalledWith(expect.objectContaining({ id: 2 }));
  expect(screen.queryByRole('list', { name: 'Your products' })).toBeNull();
  expect(screen.getByRole('button', { name: 'Choose from your products' })).toHaveFocus();
});

it('says why the products could not be loaded (a busy service: "temporarily unavailable"), and Try again reads them again', async () => {
  jest.mocked(listProducts)
    .mockRejectedValueOnce(new Error('503: {"statusCode":503,"code":"SERVICE_UNAVAILABLE","message":"svc-media is not reachable right now."}'))
    .mockResolvedValueOnce([product(1, 'Red shirt')]);
  renderWithHost(<ProductPicker currentId={null} onPick={jest.fn()} onRenamed={jest.fn()} onDeleted={jest.fn()} />);
  fireEvent.click(screen.getByRole('button', { name: 'Choose from your products' }));
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent(`Your products could not be loaded. ${TEMPORARILY_UNAVAILABLE.description}`);
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })));
  expect(await screen.findByRole('button', { name: /^Red shirt/ })).toBeInTheDocument();
});

it('lists the product in the workspace first, to rename or delete, not to pick', async () => {
  const { list } = await openPicker({ currentId: 2 });
  const rows = within(list).getAllByRole('listitem');
  expect(rows.map((row) => row.textContent)).toEqual(['IMG_2041In the workspace', 'Red shirtUpper body', 'ChinosUpper body']);
  expect(within(rows[0]).queryByRole('button', { name: /^IMG_2041/ })).toBeNull();
  expect(within(rows[0]).getByRole('button', { name: 'Rename IMG_2041' })).toBeInTheDocument();
  expect(within(rows[0]).getByRole('button', { name: 'Delete IMG_2041' })).toBeInTheDocument();
});

describe('rename', () => {
  it('Enter saves the new name: the list and the planner show it, and the focus is back on Rename', async () => {
    const { list, plannerNames } = await openPicker();
    jest.mocked(updateProduct).mockResolvedValue(product(2, 'Linen shirt'));
    fireEvent.click(within(list).getByRole('button', { name: 'Rename IMG_2041' }));
    const field = screen.getByRole('textbox', { name: 'Product name' });
    expect(field).toHaveFocus();
    expect(field).toHaveValue('IMG_2041');
    expect(field).toHaveAttribute('maxlength', '200');
    fireEvent.change(field, { target: { value: '  Linen shirt ' } });
    await act(async () => fireEvent.submit(field));

    expect(updateProduct).toHaveBeenCalledWith(2, { name: 'Linen shirt' });
    expect(screen.queryByRole('textbox', { name: 'Product name' })).toBeNull();
    expect(within(list).getByRole('button', { name: /^Linen shirt/ })).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Rename Linen shirt' })).toHaveFocus();
    expect(plannerNames()).toEqual(['Red shirt', 'Linen shirt', 'Chinos']);
  });

  it('shows the API’s message when it refuses the name (400), and keeps the form to correct it', async () => {
    const { list, plannerNames } = await openPicker();
    jest.mocked(updateProduct).mockRejectedValue(new Error('400: {"statusCode":400,"message":"name must be at most 200 characters"}'));
    fireEvent.click(within(list).getByRole('button', { name: 'Rename IMG_2041' }));
    const field = screen.getByRole('textbox', { name: 'Product name' });
    fireEvent.change(field, { target: { value: 'Linen shirt' } });
    await act(async () => fireEvent.submit(field));

    expect(screen.getByRole('alert')).toHaveTextContent('name must be at most 200 characters');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('name must be at most 200 characters');
    expect(field).toHaveValue('Linen shirt');
    expect(plannerNames()).toEqual(['Red shirt', 'IMG_2041', 'Chinos']);
  });

  it('asks for a name instead of sending an empty one, and counts the characters left near the limit', async () => {
    const { list } = await openPicker();
    fireEvent.click(within(list).getByRole('button', { name: 'Rename IMG_2041' }));
    const field = screen.getByRole('textbox', { name: 'Product name' });
    fireEvent.change(field, { target: { value: 'x'.repeat(195) } });
    expect(field).toHaveAccessibleDescription('5 characters left');
    fireEvent.change(field, { target: { value: '   ' } });
    await act(async () => fireEvent.submit(field));
    expect(screen.getByRole('alert')).toHaveTextContent('Give the product a name.');
    expect(updateProduct).not.toHaveBeenCalled();
  });

  it('Escape cancels: the name stays, nothing is sent, the Escape goes no further, the focus is back on Rename', async () => {
    const { list } = await openPicker();
    const outside = jest.fn();
    window.addEventListener('keydown', outside);
    fireEvent.click(within(list).getByRole('button', { name: 'Rename IMG_2041' }));
    const field = screen.getByRole('textbox', { name: 'Product name' });
    fireEvent.change(field, { target: { value: 'Linen shirt' } });
    fireEvent.keyDown(field, { key: 'Escape' });
    window.removeEventListener('keydown', outside);

    expect(outside).not.toHaveBeenCalled();
    expect(updateProduct).not.toHaveBeenCalled();
    expect(screen.queryByRole('textbox', { name: 'Product name' })).toBeNull();
    expect(within(list).getByRole('button', { name: 'Rename IMG_2041' })).toHaveFocus();
  });
});

describe('delete', () => {
  const confirmation = (name: string) => screen.getByRole('group', { name: `Delete ${name}? Its results stay in the gallery.` });

  it('asks first; Delete takes the product out of the list and the planner, and the focus to the next product’s Delete', async () => {
    const { list, plannerNames, onDeleted } = await openPicker();
    jest.mocked(deleteProduct).mockResolvedValue(undefined);
    fireEvent.click(within(list).getByRole('button', { name: 'Delete IMG_2041' }));
    // Cancel has the focus: a key held down deletes nothing
    expect(within(confirmation('IMG_2041')).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(deleteProduct).not.toHaveBeenCalled();
    await act(async () => fireEvent.click(within(confirmation('IMG_2041')).getByRole('button', { name: 'Delete' })));

    expect(deleteProduct).toHaveBeenCalledWith(2);
    expect(within(list).getAllByRole('listitem').map((row) => row.textContent)).toEqual(['Red shirtUpper body', 'ChinosUpper body']);
    expect(plannerNames()).toEqual(['Red shirt', 'Chinos']);
    expect(onDeleted).toHaveBeenCalledWith(expect.objectContaining({ id: 2 }));
    expect(within(list).getByRole('button', { name: 'Delete Chinos' })).toHaveFocus();
  });

  it('Cancel (or Escape) keeps the product, and the focus goes back to its Delete', async () => {
    const { list } = await openPicker();
    fireEvent.click(within(list).getByRole('button', { name: 'Delete IMG_2041' }));
    fireEvent.click(within(confirmation('IMG_2041')).getByRole('button', { name: 'Cancel' }));
    expect(within(list).getByRole('button', { name: 'Delete IMG_2041' })).toHaveFocus();
    fireEvent.click(within(list).getByRole('button', { name: 'Delete IMG_2041' }));
    fireEvent.keyDown(within(confirmation('IMG_2041')).getByRole('button', { name: 'Cancel' }), { key: 'Escape' });

    expect(deleteProduct).not.toHaveBeenCalled();
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(within(list).getByRole('button', { name: 'Delete IMG_2041' })).toHaveFocus();
  });

  it('says so in a toast with the API’s message when the delete fails, and keeps the product', async () => {
    const { list, plannerNames, onDeleted } = await openPicker();
    jest.mocked(deleteProduct).mockRejectedValue(new Error('500: {"statusCode":500,"message":"The product could not be deleted."}'));
    fireEvent.click(within(list).getByRole('button', { name: 'Delete IMG_2041' }));
    await act(async () => fireEvent.click(within(confirmation('IMG_2041')).getByRole('button', { name: 'Delete' })));

    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Could not delete the product');
    expect(toast).toHaveTextContent('The product could not be deleted.');
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(plannerNames()).toEqual(['Red shirt', 'IMG_2041', 'Chinos']);
    expect(onDeleted).not.toHaveBeenCalled();
    expect(within(list).getByRole('button', { name: 'Delete IMG_2041' })).toHaveFocus();
  });
});
