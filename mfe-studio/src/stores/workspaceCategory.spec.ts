import type { ModelPhotoRecord } from '@vton/contracts';
import { createWorkspaceStore, modelFromRecord, readyModels, workspaceActions } from './workspaceStore';

const mask = (x: number) => ({ croppedImageUrl: `/c${x}`, processedMaskUrl: `/m${x}`, bounds: { x, y: 0, width: 10, height: 10 }, approvedAt: '2026-01-01T00:00:00.000Z' });
const record = (id: number, masks: ModelPhotoRecord['masks']): ModelPhotoRecord => ({
  id,
  filename: `m${id}.png`,
  width: 100,
  height: 100,
  status: Object.keys(masks).length ? 'ready' : 'uploaded',
  url: '/u',
  thumbnailUrl: '/t',
  masks,
  inpaint: null,
  suggestedMasks: {},
  uploadedAt: '',
});

describe('masks per category in the workspace', () => {
  it('a photo is ready for the category it has a mask for, and shows that mask; switching the category switches both', () => {
    const both = modelFromRecord(record(1, { upper_body: mask(1), lower_body: mask(2) }), '/thumb', 'upper_body');
    const upperOnly = modelFromRecord(record(2, { upper_body: mask(3) }), '/thumb', 'upper_body');
    expect(both).toMatchObject({ status: 'ready', inpaint: { bounds: { x: 1 } }, maskThumbnailUrl: '/thumb' });
    const store = createWorkspaceStore({ models: [both, upperOnly] });
    expect(readyModels(store.getState()).map((m) => m.id)).toEqual([1, 2]);

    workspaceActions(store).setGarmentCategory('lower_body');
    expect(store.getState().models.map((m) => [m.id, m.status, m.inpaint?.bounds.x ?? null])).toEqual([
      [1, 'ready', 2],
      [2, 'uploaded', null],
    ]);
    expect(readyModels(store.getState()).map((m) => m.id)).toEqual([1]);
    // Rebuilt for a category it has no mask for: not ready, no mask shown.
    expect(modelFromRecord(record(2, { upper_body: mask(3) }), '/thumb', 'product')).toMatchObject({ status: 'uploaded', inpaint: null, maskThumbnailUrl: null });
  });
});
