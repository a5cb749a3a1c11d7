import sharp from 'sharp';
import { pngWithoutMetadata } from './png-metadata.js';

const chunkTypes = (png: Buffer) => {
  const types: string[] = [];
  for (let offset = 8; offset + 8 <= png.length; offset += 12 + png.readUInt32BE(offset)) types.push(png.toString('latin1', offset + 4, offset + 8));
  return types;
};

describe('pngWithoutMetadata', () => {
  it('leaves out the metadata sharp writes before the pixel data, and keeps the pixels byte for byte', async () => {
    const raw = Buffer.alloc(64 * 48 * 3, 90);
    const png = await sharp(raw, { raw: { width: 64, height: 48, channels: 3 } }).png().toBuffer();
    expect(chunkTypes(png)).toContain('pHYs');
    const stored = Buffer.concat(pngWithoutMetadata(png));
    expect(chunkTypes(stored)).toEqual(['IHDR', 'IDAT', 'IEND']);
    const { data } = await sharp(stored).raw().toBuffer({ resolveWithObject: true });
    expect(data.equals(raw)).toBe(true);
  });

  it('keeps the colour chunks (an ICC profile) and an image without metadata as it is', async () => {
    const raw = Buffer.alloc(32 * 32 * 3, 200);
    const tagged = await sharp(raw, { raw: { width: 32, height: 32, channels: 3 } }).withIccProfile('p3').png().toBuffer();
    expect(chunkTypes(Buffer.concat(pngWithoutMetadata(tagged)))).toEqual(['IHDR', 'iCCP', 'IDAT', 'IEND']);
    const bare = Buffer.concat(pngWithoutMetadata(tagged));
    expect(Buffer.concat(pngWithoutMetadata(bare)).equals(bare)).toBe(true);
  });
});
