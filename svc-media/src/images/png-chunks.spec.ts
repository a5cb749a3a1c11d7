import sharp from 'sharp';
import { crc32 } from 'node:zlib';
import { Readable } from 'node:stream';
import { PngMetadataFilter, pngChunkTypes, PngStructureError, readPngChunks, stripPngMetadata, type PngHeader } from './png-chunks.js';

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

  describe('as a stream (PngMetadataFilter)', () => {
    /** The bytes fed in pieces of `size` (1 = byte by byte), as the filter passes them on. */
    const filtered = async (bytes: Buffer, size: number, onHeader?: (header: PngHeader) => void) => {
      const pieces: Buffer[] = [];
      for (let at = 0; at < bytes.length; at += size) pieces.push(bytes.subarray(at, at + size));
      const out: Buffer[] = [];
      for await (const piece of Readable.from(pieces).pipe(new PngMetadataFilter(onHeader))) out.push(piece as Buffer);
      return Buffer.concat(out);
    };
    const refusal = (bytes: Buffer, size: number) => filtered(bytes, size).then(() => 'accepted', (error: Error) => `${error.name}: ${error.message}`);
    const walkRefusal = (bytes: Buffer) => {
      try {
        readPngChunks(bytes);
        return 'accepted';
      } catch (error) {
        return `${(error as Error).name}: ${(error as Error).message}`;
      }
    };

    it('passes on what stripPngMetadata keeps, byte for byte, however the bytes are cut', async () => {
      const dirty = withChunks(png, chunk('tEXt', Buffer.from('Author\0Jane Doe')), chunk('gAMA', Buffer.from([0, 0, 0xb1, 0x8f])), chunk('prVt', Buffer.alloc(3000, 7)));
      const withTail = Buffer.concat([dirty.subarray(0, -12), chunk('tIME', Buffer.from([7, 0xea, 1, 2, 3, 4, 5])), dirty.subarray(-12), Buffer.from('junk after IEND')]);
      for (const bytes of [png, dirty, withTail]) {
        for (const size of [1, 5, 13, 4096, bytes.length]) expect((await filtered(bytes, size)).equals(stripPngMetadata(bytes))).toBe(true);
      }
    });

    it('tells the header before the pixel data, and a refusal there stops it', async () => {
      const seen: PngHeader[] = [];
      await filtered(png, 7, (header) => seen.push(header));
      expect(seen).toEqual([{ width: 32, height: 24 }]);
      await expect(filtered(png, 7, () => { throw new Error('too many pixels'); })).rejects.toThrow('too many pixels');
    });

    it('refuses what readPngChunks refuses, with the same error', async () => {
      const badCrc = Buffer.from(png);
      badCrc[33 + 8 + 10] ^= 0xff;
      const ihdr = png.subarray(8, 33);
      const iend = png.subarray(png.length - 12);
      const broken = [
        badCrc,
        png.subarray(0, png.length - 20),
        png.subarray(0, png.length - 12),
        png.subarray(0, png.length - 3),
        png.subarray(0, 8),
        png.subarray(0, 5),
        Buffer.alloc(0),
        Buffer.concat([png.subarray(0, 8), ihdr, iend]),
        Buffer.concat([png.subarray(0, 8), iend]),
        withChunks(png, chunk('ABCD', Buffer.alloc(2))),
        withChunks(png, ihdr),
        Buffer.concat([png.subarray(0, -12), chunk('tEXt', Buffer.from('a\0b')), png.subarray(33, -12), iend]),
        Buffer.from('not a png at all'),
      ];
      for (const bytes of broken) {
        const expected = walkRefusal(bytes);
        expect(expected).toMatch(/^PngStructureError: /);
        for (const size of [1, 9, bytes.length || 1]) expect(await refusal(bytes, size)).toBe(expected);
      }
    });
  });
});
