import { useQuery } from '@tanstack/react-query';
import { listProducts, PRODUCTS_QUERY_KEY } from '../../../lib/productLibrary';

/** The product library (GET /api/garments), for the run planner. */
export function useProducts() {
  return useQuery({ queryKey: PRODUCTS_QUERY_KEY, queryFn: listProducts });
}
