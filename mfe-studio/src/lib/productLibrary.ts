import type { GarmentRecord, GarmentsPage, UpdateGarmentRequest } from '@vton/contracts';
import { apiRequest } from '@vton/shell-sdk';

/** The library as react-query keeps it for the catalogue's planner; the studio's renames and deletes update it in place. */
export const PRODUCTS_QUERY_KEY = ['products'] as const;

/** The studio lists at most this many products (a run has at most MAX_RUN_CELLS cells anyway). */
const MAX_PRODUCTS = 500;

/** GET /api/garments, page after page: the seller's product library, newest first. */
export async function listProducts(): Promise<GarmentRecord[]> {
  const products: GarmentRecord[] = [];
  let cursor: string | null = null;
  do {
    const response = await apiRequest('GET', `/api/garments?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    const page = (await response.json()) as GarmentsPage;
    products.push(...page.garments);
    cursor = page.nextCursor;
  } while (cursor && products.length < MAX_PRODUCTS);
  return products;
}

/** PATCH /api/garments/:id: rename a product or change its category. */
export async function updateProduct(id: number, changes: UpdateGarmentRequest): Promise<GarmentRecord> {
  const response = await apiRequest('PATCH', `/api/garments/${id}`, changes);
  return (await response.json()) as GarmentRecord;
}

/** DELETE /api/garments/:id: the product leaves the library; its results stay in the gallery. */
export async function deleteProduct(id: number): Promise<void> {
  await apiRequest('DELETE', `/api/garments/${id}`);
}
