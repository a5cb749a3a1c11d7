import { PRODUCT_CATEGORY, type GarmentCategory } from '@vton/contracts';
import type { TryOnProvider } from './try-on-provider.js';

/**
 * Which provider serves a model: a garment goes to the try-on provider (VTON_PROVIDER), a product
 * (category `product`) to the placement engine (PLACEMENT_PROVIDER). The worker asks this, never
 * the registry, so the rule lives here once.
 */
export class ProviderRouter {
  constructor(
    readonly tryOn: TryOnProvider,
    readonly placement: TryOnProvider,
  ) {}

  for(category: GarmentCategory): TryOnProvider {
    return category === PRODUCT_CATEGORY ? this.placement : this.tryOn;
  }
}
