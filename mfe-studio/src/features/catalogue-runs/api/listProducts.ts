import { useQuery } from '@tanstack/react-query';
import type { GarmentRecord, GarmentsPage } from '@vton/contracts';
import { apiRequest } from '@vton/shell-sdk';

/** The catalogue page lists at most this many products (a run has at most MAX_RUN_CELLS cells anyway). */
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

export const productsQueryKey = ['catalogue', 'products'] as const;

export function useProducts() {
  return useQuery({ queryKey: productsQueryKey, queryFn: listProducts });
}
