import sharp from 'sharp';
import { crc32 } from 'node:zlib';
import { pngChunkTypes, PngStructureError, readPngChunks, stripPngMetadata } from './png-chunks.js';

const chunk = (type: string, data: Buffer) => {
  const bytes = Buffer.alloc(12 + data.length);
  bytes.writeUInt32BE(data.length, 0);
  bytes.write(type, 4, 'latin1');
  data.copy(bytes, 8);
  bytes.writeUInt32BE(crc32(bytes.subarray(4, 8 + data.length)), 8 + data.length);
  return bytes;
};

/** Inserts chunks right after IHDR (8 + 25 bytes). */
const withChunks = (png: Buffer, ...chunks: Buffer[]) => Buffer.concat([png.subarray(0, 33), ...chunks, png.subarray(33)]);

describe('PNG chunks', () => {
  let png: Buffer;
  beforeAll(async () => {
    const noise = Buffer.alloc(32 * 24 * 4);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 7919) % 251;
    // sharp writes a pHYs chunk; without it, the PNG is what a clean encoder would write.
    png = stripPngMetadata(await sharp(noise, { raw: { width: 32, height: 24, channels: 4 } }).png().toBuffer());
    expect(pngChunkTypes(png)).toEqual(['IHDR', 'IDAT', 'IEND']);
  });

  it('drops text, EXIF, time and private chunks, keeps the image and colour chunks byte for byte', async () => {
    const dirty = withChunks(
      png,
      chunk('tEXt', Buffer.from('Author\0Jane Doe')),
      chunk('iTXt', Buffer.from('XML:com.adobe.xmp\0\0\0\0\0<x:xmpmeta/>')),
      chunk('eXIf', Buffer.from('MM\0*\0\0\0\b\0\0')),
      chunk('gAMA', Buffer.from([0, 0, 0xb1, 0x8f])),
      chunk('tIME', Buffer.from([7, 0xea, 1, 2, 3, 4, 5])),
      chunk('prVt', Buffer.from('private')),
    );
    const stripped = stripPngMetadata(dirty);
    expect(pngChunkTypes(stripped)).toEqual(['IHDR', 'gAMA', ...pngChunkTypes(png).slice(1)]);
    expect(stripped.includes(Buffer.from('Jane Doe'))).toBe(false);
    expect(await sharp(stripped).raw().toBuffer()).toEqual(await sharp(png).raw().toBuffer());
    // Nothing to drop: the same bytes come back.
    expect(stripPngMetadata(png).equals(png)).toBe(true);
  });

  it('ignores bytes after IEND', () => {
    expect(stripPngMetadata(Buffer.concat([png, Buffer.from('trailing junk')])).equals(png)).toBe(true);
  });

  it('refuses a bad CRC, a cut-off file, a missing IDAT, misplaced or unknown critical chunks', () => {
    const badCrc = Buffer.from(png);
    badCrc[33 + 8 + 10] ^= 0xff; // inside the IDAT's data
    expect(() => readPngChunks(badCrc)).toThrow(/IDAT chunk fails its CRC check/);
    expect(() => readPngChunks(png.subarray(0, png.length - 20))).toThrow(/cut off/);
    expect(() => readPngChunks(png.subarray(0, 8))).toThrow(PngStructureError);
    const ihdr = png.subarray(8, 33);
    const iend = png.subarray(png.length - 12);
    expect(() => readPngChunks(Buffer.concat([png.subarray(0, 8), ihdr, iend]))).toThrow(/no IDAT/);
    expect(() => readPngChunks(Buffer.concat([png.subarray(0, 8), iend]))).toThrow(/first chunk is not IHDR/);
    expect(() => readPngChunks(withChunks(png, chunk('ABCD', Buffer.alloc(2))))).toThrow(/unknown critical chunk ABCD/);
    expect(() => readPngChunks(Buffer.from('not a png at all'))).toThrow(/signature/);
  });
});
