import { newObjectVersion, objectKey, parseObjectKey, userPrefix } from './object-keys.js';

describe('object keys', () => {
  it('builds <userId>/<kind>/<id>-<variant>.<ext>', () => {
    expect(objectKey({ userId: 7, kind: 'garments', id: 42, variant: 'original', ext: 'jpg' })).toBe('7/garments/42-original.jpg');
    expect(objectKey({ userId: 7, kind: 'models', id: 3, variant: 'inpaint-mask', ext: 'png' })).toBe('7/models/3-inpaint-mask.png');
    expect(objectKey({ userId: 1, kind: 'generated', id: 9, variant: 'thumb', ext: 'webp' })).toBe('1/generated/9-thumb.webp');
  });

  it('builds a versioned key for a file that replaces an earlier one, and parses it back', () => {
    const parts = { userId: 7, kind: 'models', id: 3, variant: 'inpaint-mask', ext: 'png', version: 'abc123' } as const;
    expect(objectKey(parts)).toBe('7/models/3-inpaint-mask.vabc123.png');
    expect(parseObjectKey('7/models/3-inpaint-mask.vabc123.png')).toEqual(parts);
    const a = newObjectVersion();
    const b = newObjectVersion();
    expect(a).not.toBe(b);
    expect(parseObjectKey(objectKey({ ...parts, version: a }))).toEqual({ ...parts, version: a });
    for (const bad of ['', 'ABC', 'a.b', '../x', 'x'.repeat(33)]) expect(() => objectKey({ ...parts, version: bad })).toThrow('version');
    for (const forged of ['7/models/3-inpaint-mask.v.png', '7/models/3-inpaint-mask.vA1.png', '7/models/3-inpaint-mask.v1.v2.png', '7/models/3-inpaint-mask-v1.png']) {
      expect(parseObjectKey(forged)).toBeNull();
    }
  });

  it('refuses ids that are not positive integers and unknown parts', () => {
    expect(() => objectKey({ userId: 0, kind: 'garments', id: 1, variant: 'original', ext: 'jpg' })).toThrow('userId');
    expect(() => objectKey({ userId: 1, kind: 'garments', id: 1.5, variant: 'original', ext: 'jpg' })).toThrow('id');
    expect(() => objectKey({ userId: 1, kind: 'garments', id: 1, variant: 'original', ext: 'gif' as never })).toThrow('extension');
    expect(() => objectKey({ userId: 1, kind: '../x' as never, id: 1, variant: 'original', ext: 'png' })).toThrow('kind');
  });

  it('parses only keys it could have built', () => {
    expect(parseObjectKey('7/garments/42-original.jpg')).toEqual({ userId: 7, kind: 'garments', id: 42, variant: 'original', ext: 'jpg' });
    for (const forged of ['7/garments/42-original.jpg/..', '../7/garments/42-original.jpg', '7/secrets/1-original.jpg', '07/garments/1-original.jpg',
      '7/garments/1-original.svg', '7//garments/1-original.jpg', '7/garments/1-original.jpg\n', '']) {
      expect(parseObjectKey(forged)).toBeNull();
    }
  });

  it('round-trips', () => {
    const parts = { userId: 12, kind: 'models', id: 5, variant: 'inpaint-cropped', ext: 'png' } as const;
    expect(parseObjectKey(objectKey(parts))).toEqual(parts);
    expect(userPrefix(12)).toBe('12/');
  });
});
