import { useQuery } from '@tanstack/react-query';
import { listProducts } from '../../../lib/productLibrary';

export const productsQueryKey = ['catalogue', 'products'] as const;

/** The product library (GET /api/garments), for the run planner. */
export function useProducts() {
  return useQuery({ queryKey: productsQueryKey, queryFn: listProducts });
}
