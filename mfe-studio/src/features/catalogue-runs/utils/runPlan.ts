import type { GarmentCategory, GarmentRecord, ModelPhotoRecord } from '@vton/contracts';

/** Whether a model photo has an approved mask for this category (else its cell is skipped). */
export function hasMaskFor(model: Pick<ModelPhotoRecord, 'status' | 'masks'>, category: GarmentCategory): boolean {
  return model.status === 'ready' && Boolean(model.masks?.[category]);
}

/** What a run of these products on these model photos will do: its cells, those that run (one credit each) and those skipped. */
export function planRun(products: Pick<GarmentRecord, 'category'>[], models: Pick<ModelPhotoRecord, 'status' | 'masks'>[]): { cells: number; runs: number; skipped: number } {
  let runs = 0;
  for (const product of products) for (const model of models) if (hasMaskFor(model, product.category)) runs++;
  const cells = products.length * models.length;
  return { cells, runs, skipped: cells - runs };
}

/** A product's name and a model photo's file name (without its extension), as the run archive names a result. */
export function resultFileName(product: string, modelFilename: string): string {
  const safe = (s: string) => s.replace(/[^\p{L}\p{N} ._()-]+/gu, '-').trim() || 'result';
  return `${safe(product)}__${safe(modelFilename.replace(/\.[^.]*$/, ''))}.png`;
}
