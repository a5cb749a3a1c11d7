import { useQuery } from '@tanstack/react-query';
import { listProducts, PRODUCTS_QUERY_KEY } from '../../../lib/productLibrary';

/**
 * The product library (GET /api/garments), for the run planner: read again each time the planner
 * shows (the last copy shown meanwhile), since products are made, cropped and recategorised in the
 * workspace, where this copy is not kept.
 */
export function useProducts() {
  return useQuery({ queryKey: PRODUCTS_QUERY_KEY, queryFn: listProducts, staleTime: 0 });
}
