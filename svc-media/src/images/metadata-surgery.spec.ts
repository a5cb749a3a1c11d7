import sharp from 'sharp';
import { jpegMarkers, JpegStructureError, stripJpegMetadata } from './jpeg-segments.js';
import { stripWebpMetadata, WebpStructureError, webpChunkTypes } from './webp-chunks.js';

const segment = (marker: number, payload: Buffer) => {
  const head = Buffer.alloc(4);
  head[0] = 0xff;
  head[1] = marker;
  head.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([head, payload]);
};

async function photo() {
  const raw = Buffer.alloc(64 * 48 * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 37) & 255;
  return sharp(raw, { raw: { width: 64, height: 48, channels: 3 } });
}

describe('JPEG segment surgery', () => {
  it('drops a JFIF thumbnail, JFXX, comments, MPF and trailing images, and keeps the pixels', async () => {
    const jpeg = await (await photo()).jpeg({ quality: 80 }).withIccProfile('p3').toBuffer();
    const jfif = Buffer.concat([Buffer.from('JFIF\0', 'latin1'), Buffer.from([1, 2, 0, 0, 1, 0, 1, 2, 2]), Buffer.alloc(12, 0x7f)]);
    const jfxx = Buffer.concat([Buffer.from('JFXX\0\x10', 'latin1'), Buffer.alloc(20, 1)]);
    const mpf = Buffer.concat([Buffer.from('MPF\0', 'latin1'), Buffer.alloc(16, 2)]);
    const withExtras = Buffer.concat([
      jpeg.subarray(0, 2),
      segment(0xe0, jfif),
      segment(0xe0, jfxx),
      segment(0xfe, Buffer.from('shot by Jane', 'latin1')),
      segment(0xe2, mpf),
      jpeg.subarray(2),
      Buffer.from('second image after EOI', 'latin1'),
    ]);
    const stripped = stripJpegMetadata(withExtras);
    expect(stripped.includes(Buffer.from('shot by Jane'))).toBe(false);
    expect(stripped.includes(Buffer.from('MPF\0'))).toBe(false);
    expect(stripped.includes(Buffer.from('JFXX'))).toBe(false);
    expect(stripped.includes(Buffer.from('second image'))).toBe(false);
    // JFIF is kept, 16 bytes long, without its 2×2 thumbnail; the ICC profile stays.
    expect(stripped.subarray(2, 6)).toEqual(Buffer.from([0xff, 0xe0, 0x00, 0x10]));
    expect(stripped.includes(Buffer.from('ICC_PROFILE\0', 'latin1'))).toBe(true);
    expect(jpegMarkers(stripped)[0]).toBe('E0');
    expect((await sharp(stripped).raw().toBuffer()).equals(await sharp(jpeg).raw().toBuffer())).toBe(true);
  });

  it('refuses a cut-off stream (the caller decodes it instead)', async () => {
    const jpeg = await (await photo()).jpeg().toBuffer();
    expect(() => stripJpegMetadata(jpeg.subarray(0, jpeg.length - 200))).toThrow(JpegStructureError);
    expect(() => stripJpegMetadata(Buffer.from('not a jpeg'))).toThrow(JpegStructureError);
  });
});

describe('WebP chunk surgery', () => {
  it('drops EXIF and XMP, clears their VP8X flags, and keeps the pixels', async () => {
    const webp = await (await photo()).webp({ quality: 70 }).withExif({ IFD0: { Make: 'Canon' } }).withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"></x:xmpmeta>').toBuffer();
    expect(webpChunkTypes(webp)).toEqual(expect.arrayContaining(['VP8X', 'EXIF', 'XMP ']));
    const stripped = stripWebpMetadata(webp);
    expect(webpChunkTypes(stripped)).not.toContain('EXIF');
    expect(webpChunkTypes(stripped)).not.toContain('XMP ');
    expect(stripped[20] & 0x0c).toBe(0);
    expect(stripped.readUInt32LE(4)).toBe(stripped.length - 8);
    expect((await sharp(stripped).raw().toBuffer()).equals(await sharp(webp).raw().toBuffer())).toBe(true);
  });

  it('refuses an animated or cut-off file', async () => {
    const frames = await sharp({ create: { width: 8, height: 16, channels: 3, background: '#336699' } }).webp().toBuffer();
    // The head of an animated WebP: VP8X with the animation flag, then ANIM.
    const chunk = (type: string, data: Buffer) => {
      const head = Buffer.alloc(8);
      head.write(type, 0, 'latin1');
      head.writeUInt32LE(data.length, 4);
      return Buffer.concat([head, data]);
    };
    const body = Buffer.concat([chunk('VP8X', Buffer.from([0x02, 0, 0, 0, 7, 0, 0, 15, 0, 0])), chunk('ANIM', Buffer.alloc(6))]);
    const riff = Buffer.alloc(12);
    riff.write('RIFF', 0, 'latin1');
    riff.writeUInt32LE(4 + body.length, 4);
    riff.write('WEBP', 8, 'latin1');
    expect(() => stripWebpMetadata(Buffer.concat([riff, body]))).toThrow('animated WebP');
    expect(() => stripWebpMetadata(frames.subarray(0, frames.length - 10))).toThrow(WebpStructureError);
  });
});
