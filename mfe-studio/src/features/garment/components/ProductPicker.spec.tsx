import { act, fireEvent, render, screen } from '@testing-library/react';
import { TEMPORARILY_UNAVAILABLE, type GarmentRecord } from '@vton/contracts';
import { ThemeRoot } from '@vton/ui';
import { listProducts } from '../../../lib/productLibrary';
import { ProductPicker } from './ProductPicker';

jest.mock('../../../lib/productLibrary', () => ({ listProducts: jest.fn() }));

const product = (id: number, name: string) =>
  ({ id, name, filename: `${name}.png`, category: 'upper_body', width: 600, height: 600, url: `/g${id}`, croppedUrl: null, cropData: null, uploadedAt: '' }) as GarmentRecord;

it('picking a product with the keyboard leaves focus on "Choose from your products", not on the page', async () => {
  jest.mocked(listProducts).mockResolvedValue([product(1, 'Red shirt'), product(2, 'Blue jeans')]);
  const onPick = jest.fn();
  render(
    <ThemeRoot>
      <ProductPicker currentId={null} onPick={onPick} />
    </ThemeRoot>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Choose from your products' }));
  const jeans = await screen.findByRole('button', { name: /Blue jeans/ });
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
  render(
    <ThemeRoot>
      <ProductPicker currentId={null} onPick={jest.fn()} />
    </ThemeRoot>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Choose from your products' }));
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent(`Your products could not be loaded. ${TEMPORARILY_UNAVAILABLE.description}`);
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })));
  expect(await screen.findByRole('button', { name: /Red shirt/ })).toBeInTheDocument();
});
