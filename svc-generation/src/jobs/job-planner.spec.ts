import type { GarmentCategory, GarmentRecord, ModelMasks, ModelPhotoRecord } from '@vton/contracts';
import type { MediaClient } from '../media/media-client.js';
import { assertSameLength, JobPlanner } from './job-planner.js';

const caller = { userId: 1, token: 't' };

const garment = (croppedUrl: string | null = '/signed', category: GarmentCategory = 'upper_body'): GarmentRecord =>
  ({ id: 7, name: 'g', filename: 'g.png', category, width: 960, height: 960, url: '/u', croppedUrl, cropData: null, uploadedAt: '' }) as GarmentRecord;
const mask = (x: number, approvedAt = '2026-01-01T00:00:00.000Z') => ({ croppedImageUrl: '/c', processedMaskUrl: '/m', bounds: { x, y: 0, width: 100, height: 100 }, approvedAt });
const model = (id: number, status: ModelPhotoRecord['status'], inpaint: boolean, masks: ModelMasks = inpaint ? { upper_body: mask(0) } : {}): ModelPhotoRecord =>
  ({
    masks,
    id,
    filename: 'm.png',
    width: 800,
    height: 600,
    status,
    url: '/u',
    thumbnailUrl: '/t',
    inpaint: inpaint ? { croppedImageUrl: '/c', processedMaskUrl: '/m', bounds: { x: 0, y: 0, width: 100, height: 100 } } : null,
    uploadedAt: '',
  }) as ModelPhotoRecord;

/** JobPlanner's §5 rules against a svc-media adapter that answers from memory. */
function service(models: ModelPhotoRecord[], g = garment()) {
  const media = { getGarment: async () => g, listModels: async () => models } as unknown as MediaClient;
  return new JobPlanner(media);
}

describe('JobPlanner.plan (spec §5, §8)', () => {
  it('needs at least one ready model', async () => {
    await expect(service([model(1, 'uploaded', false), model(2, 'processing', false)]).plan(caller, { garmentId: 7, modelIds: [1, 2], prompt: '' })).rejects.toMatchObject({
      status: 400,
      code: 'INVALID_INPUT',
      message: 'No ready models available',
    });
  });

  it('needs inpaint data for every ready model', async () => {
    await expect(service([model(1, 'ready', true), model(2, 'ready', false)]).plan(caller, { garmentId: 7, modelIds: [1, 2], prompt: '' })).rejects.toMatchObject({
      status: 400,
      code: 'INVALID_INPUT',
      message: 'Model 2 does not have inpaint mask data',
    });
  });

  it('needs a cropped garment', async () => {
    await expect(service([model(1, 'ready', true)], garment(null)).plan(caller, { garmentId: 7, modelIds: [1], prompt: '' })).rejects.toMatchObject({
      status: 400,
      message: 'Garment 7 has not been cropped yet',
    });
  });

  it('keeps the requested order, drops repeats and models that are not ready', async () => {
    const plan = await service([model(1, 'ready', true), model(2, 'uploaded', false), model(3, 'ready', true)]).plan(caller, { garmentId: 7, modelIds: [3, 2, 1, 3], prompt: 'p' });
    expect(plan.models.map((m) => m.id)).toEqual([3, 1]);
  });

  it('tries each model on with its mask for the category: the request\'s, else the garment\'s own', async () => {
    const masks = { upper_body: mask(10, '2026-01-02T00:00:00.000Z'), lower_body: mask(20, '2026-01-01T00:00:00.000Z') };
    const models = [model(1, 'ready', true, masks)];
    const own = await service(models, garment('/signed', 'lower_body')).plan(caller, { garmentId: 7, modelIds: [1], prompt: '' });
    expect(own).toMatchObject({ garmentCategory: 'lower_body', models: [{ id: 1, bounds: { x: 20 }, maskCategory: 'lower_body' }] });
    const asked = await service(models, garment('/signed', 'lower_body')).plan(caller, { garmentId: 7, modelIds: [1], prompt: '', garmentCategory: 'upper_body' });
    expect(asked).toMatchObject({ garmentCategory: 'upper_body', models: [{ bounds: { x: 10 }, maskCategory: 'upper_body' }] });
    // No mask for the category: the mask approved last (a client that never sent a category).
    const fallback = await service(models).plan(caller, { garmentId: 7, modelIds: [1], prompt: '', garmentCategory: 'product' });
    expect(fallback).toMatchObject({ garmentCategory: 'product', models: [{ bounds: { x: 10 }, maskCategory: 'upper_body' }] });
  });

  it('requires the model and mask lists to be the same length', () => {
    expect(() => assertSameLength([1, 2], [1])).toThrow(expect.objectContaining({ status: 400, code: 'INVALID_INPUT', message: 'Model and mask arrays must have the same length' }));
    expect(() => assertSameLength([1], [1])).not.toThrow();
  });
});
