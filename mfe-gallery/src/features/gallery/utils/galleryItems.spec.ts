import type { SessionResult } from '@vton/shell-sdk';
import { imageRecord } from '../../../test/fakeMediaApi';
import { mergeGalleryItems } from './galleryItems';

const session = (id: string, savedImageId?: number): SessionResult => ({
  id,
  imageUrl: `/full/${id}.png`,
  processedAt: '2026-01-01T00:00:00Z',
  savedImageId,
});

describe('mergeGalleryItems', () => {
  it('puts session results first as New, then saved images newest first, numbered from 1', () => {
    const items = mergeGalleryItems([session('b'), session('a')], [imageRecord(9), imageRecord(8)]);
    expect(items.map((i) => [i.key, i.n, i.isNew])).toEqual([
      ['session-b', 1, true],
      ['session-a', 2, true],
      ['saved-9', 3, false],
      ['saved-8', 4, false],
    ]);
  });

  it('only saved images can be deleted; a session result falls back to its full image as thumbnail', () => {
    const [fresh, stored] = mergeGalleryItems([session('a')], [imageRecord(3)]);
    expect(fresh.savedId).toBeUndefined();
    expect(fresh.thumbnailUrl).toBe('/full/a.png');
    expect(stored.savedId).toBe(3);
    expect(stored.thumbnailUrl).toBe(imageRecord(3).thumbnailUrl);
  });

  it('shows a saved session result once, as New, with the saved thumbnail and delete', () => {
    const items = mergeGalleryItems([session('a', 9)], [imageRecord(9), imageRecord(8)]);
    expect(items.map((i) => i.key)).toEqual(['session-a', 'saved-8']);
    expect(items[0]).toMatchObject({ isNew: true, savedId: 9, thumbnailUrl: imageRecord(9).thumbnailUrl });
  });

  it('never shows a saved image twice (page boundaries shifting after a delete)', () => {
    expect(mergeGalleryItems([], [imageRecord(5), imageRecord(4), imageRecord(4)]).map((i) => i.n)).toEqual([1, 2]);
  });

  it('numbers tiles by their gallery number and keeps a saved session result in its saved place, with its caption', () => {
    const items = mergeGalleryItems(
      [{ ...session('fresh'), number: undefined }, { ...session('b', 8), number: 8 }],
      [{ ...imageRecord(9, 9), modelFilename: 'look-1.jpg' }, { ...imageRecord(8, 8), modelFilename: 'look-2.jpg' }, imageRecord(5, 5)],
    );
    expect(items.map((i) => [i.key, i.n, i.isNew, i.caption])).toEqual([
      ['session-fresh', 1, true, undefined],
      ['saved-9', 9, false, 'look-1.jpg'],
      ['session-b', 8, true, 'look-2.jpg'],
      ['saved-5', 5, false, undefined],
    ]);
  });

  it('carries the provider that made each result (session result, or the saved record’s metadata) for the viewer', () => {
    const saved = { ...imageRecord(7), metadata: { processedAt: '2026-01-01T00:00:00Z', provider: 'vertex', providerModel: 'virtual-try-on-001' } };
    const items = mergeGalleryItems([{ ...session('a'), provider: 'fashn' }, session('b')], [saved, imageRecord(6)]);
    expect(items.map((i) => [i.key, i.provider])).toEqual([
      ['session-a', 'fashn'],
      ['session-b', undefined],
      ['saved-7', 'vertex'],
      ['saved-6', undefined],
    ]);
  });

  it('carries the provider’s label with its name, from the same source (the saved record first), for "Made with {label}"', () => {
    const saved = { ...imageRecord(7), metadata: { provider: 'acme', providerLabel: 'Acme Try-On', providerModel: 'acme-1' } };
    const older = { ...imageRecord(6), metadata: { provider: 'fashn', providerModel: 'tryon-v1.6' } };
    const items = mergeGalleryItems(
      [{ ...session('a'), provider: 'acme', providerLabel: 'Acme Try-On' }, { ...session('b'), savedImageId: 6, provider: 'fal', providerLabel: 'fal.ai' }],
      [saved, older],
    );
    expect(items.map((i) => [i.key, i.provider, i.providerLabel])).toEqual([
      ['session-a', 'acme', 'Acme Try-On'],
      ['saved-7', 'acme', 'Acme Try-On'],
      // saved before results carried a label: the record's provider, without one (the viewer names it as before)
      ['session-b', 'fashn', undefined],
    ]);
  });

  it('marks the built-in engine’s results (session result, or the saved record’s metadata) for their "Preview — built-in engine" label', () => {
    const saved = { ...imageRecord(7), metadata: { provider: 'seed', providerModel: 'vton-multipart', builtInEngine: true } };
    const items = mergeGalleryItems([{ ...session('a'), builtInEngine: true }, session('b')], [saved, imageRecord(6)]);
    expect(items.map((i) => [i.key, i.builtInEngine ?? false])).toEqual([
      ['session-a', true],
      ['session-b', false],
      ['saved-7', true],
      ['saved-6', false],
    ]);
  });
});
