import sharp from 'sharp';
import { Readable } from 'node:stream';
import { JpegMetadataFilter, JpegStructureError, stripJpegMetadata } from './jpeg-segments.js';
import { stripWebpMetadata, WebpMetadataFilter, WebpStructureError, webpChunkTypes } from './webp-chunks.js';

/** A photo-like image: every pixel differs from its neighbours. */
function photo(width = 40, height = 30) {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 37 + (i >> 5)) & 255;
  return sharp(raw, { raw: { width, height, channels: 3 } });
}

/** What a camera writes: make, model, dates and a GPS position. */
const CAMERA_EXIF = {
  IFD0: { Make: 'Canon', Model: 'Canon EOS R5', Artist: 'Jane Seller' },
  IFD2: { DateTimeOriginal: '2026:05:01 10:00:00' },
  IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2964/100', GPSLongitudeRef: 'E', GPSLongitude: '2/1 17/1 4032/100' },
};
const XMP = '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>';

const segment = (marker: number, payload: Buffer) => {
  const head = Buffer.alloc(4);
  head[0] = 0xff;
  head[1] = marker;
  head.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([head, payload]);
};

/** Runs a filter over the file cut into the given pieces and answers what it passed on. */
async function filtered<F extends JpegMetadataFilter | WebpMetadataFilter>(filter: F, pieces: Buffer[]): Promise<{ bytes: Buffer; filter: F }> {
  const out: Buffer[] = [];
  const done = new Promise<void>((resolve, reject) => {
    filter.on('data', (chunk: Buffer) => out.push(chunk));
    filter.on('end', resolve);
    filter.on('error', reject);
  });
  Readable.from(pieces, { objectMode: false }).pipe(filter);
  await done;
  return { bytes: Buffer.concat(out), filter };
}

/** The file cut in two at every byte, and one byte at a time. */
function everySplit(bytes: Buffer): Buffer[][] {
  const splits: Buffer[][] = [];
  for (let at = 1; at < bytes.length; at++) splits.push([bytes.subarray(0, at), bytes.subarray(at)]);
  splits.push([...bytes].map((b) => Buffer.from([b])));
  return splits;
}

describe('JpegMetadataFilter (streaming segment surgery)', () => {
  const cases: [string, () => Promise<Buffer>][] = [
    ['EXIF, GPS and XMP', () => photo().jpeg({ quality: 80 }).withExif(CAMERA_EXIF).withXmp(XMP).toBuffer()],
    ['an ICC profile and EXIF', () => photo().jpeg({ quality: 85 }).withIccProfile('p3').withExif(CAMERA_EXIF).toBuffer()],
    ['a progressive scan with restart markers and no metadata', () => photo(64, 48).jpeg({ progressive: true, quality: 70 }).toBuffer()],
    [
      'a JFIF thumbnail, JFXX, a comment, MPF and a trailing image',
      async () => {
        const jpeg = await photo().jpeg({ quality: 80 }).withMetadata().toBuffer();
        const jfif = Buffer.concat([Buffer.from('JFIF\0', 'latin1'), Buffer.from([1, 2, 0, 0, 1, 0, 1, 2, 2]), Buffer.alloc(12, 0x7f)]);
        return Buffer.concat([
          jpeg.subarray(0, 2),
          segment(0xe0, jfif),
          segment(0xe0, Buffer.concat([Buffer.from('JFXX\0\x10', 'latin1'), Buffer.alloc(20, 1)])),
          segment(0xfe, Buffer.from('shot by Jane', 'latin1')),
          segment(0xe2, Buffer.concat([Buffer.from('MPF\0', 'latin1'), Buffer.alloc(16, 2)])),
          // fill bytes before a marker
          Buffer.from([0xff, 0xff]),
          jpeg.subarray(2),
          Buffer.from('second image after EOI', 'latin1'),
        ]);
      },
    ],
  ];

  it.each(cases)('with %s: the same bytes as stripJpegMetadata, however the stream is cut', async (_what, build) => {
    const jpeg = await build();
    const expected = stripJpegMetadata(jpeg);
    expect(expected.length).toBeLessThanOrEqual(jpeg.length);
    for (const pieces of everySplit(jpeg)) {
      const { bytes, filter } = await filtered(new JpegMetadataFilter(), pieces);
      if (!bytes.equals(expected)) throw new Error(`differs when cut into ${pieces.map((p) => p.length).join(' + ')} bytes`);
      expect(filter.header).toMatchObject({ width: (await sharp(jpeg).metadata()).width, components: 3, orientation: 1 });
    }
    // and it is the upload's pixels, without the metadata
    expect((await sharp(expected).raw().toBuffer()).equals(await sharp(jpeg).raw().toBuffer())).toBe(true);
    for (const needle of ['Canon', 'Jane', 'http://ns.adobe.com', 'Exif\0', 'MPF\0', 'JFXX', 'second image']) expect(expected.includes(Buffer.from(needle, 'latin1'))).toBe(false);
  });

  it('reads the size, the components and the EXIF orientation before the first scan', async () => {
    const rotated = await photo(40, 30).jpeg().withExif(CAMERA_EXIF).withMetadata({ orientation: 6 }).toBuffer();
    const grey = await photo(40, 30).toColourspace('b-w').jpeg().toBuffer();
    const cmyk = await photo(40, 30).toColourspace('cmyk').jpeg().toBuffer();
    for (const [file, header] of [
      [rotated, { width: 40, height: 30, components: 3, orientation: 6 }],
      [grey, { width: 40, height: 30, components: 1, orientation: 1 }],
      [cmyk, { width: 40, height: 30, components: 4, orientation: 1 }],
    ] as const) {
      // Only the bytes up to the first scan's header: the header is known without any pixel data.
      const sos = file.indexOf(Buffer.from([0xff, 0xda]));
      const filter = new JpegMetadataFilter();
      filter.on('data', () => undefined);
      filter.write(file.subarray(0, sos + 20));
      expect(filter.header).toEqual(header);
    }
  });

  it('fails a cut-off or malformed stream with the error stripJpegMetadata throws', async () => {
    const jpeg = await photo().jpeg().toBuffer();
    for (const broken of [jpeg.subarray(0, jpeg.length - 200), jpeg.subarray(0, 3), Buffer.from('not a jpeg'), Buffer.concat([jpeg.subarray(0, 2), Buffer.from('xx')])]) {
      expect(() => stripJpegMetadata(broken)).toThrow(JpegStructureError);
      let message = '';
      try {
        stripJpegMetadata(broken);
      } catch (error) {
        message = (error as Error).message;
      }
      await expect(filtered(new JpegMetadataFilter(), [broken.subarray(0, 2), broken.subarray(2)])).rejects.toThrow(message);
    }
  });
});

describe('WebpMetadataFilter (streaming chunk surgery)', () => {
  const cases: [string, () => Promise<Buffer>, { hasAlpha: boolean }][] = [
    ['EXIF and XMP (lossy, VP8X)', () => photo().webp({ quality: 70 }).withExif(CAMERA_EXIF).withXmp(XMP).toBuffer(), { hasAlpha: false }],
    ['an ICC profile and EXIF', () => photo().webp({ quality: 70 }).withIccProfile('p3').withExif(CAMERA_EXIF).toBuffer(), { hasAlpha: false }],
    ['no metadata (simple lossy VP8)', () => photo(41, 29).webp({ quality: 70 }).toBuffer(), { hasAlpha: false }],
    ['alpha, lossless (VP8L)', () => photo().ensureAlpha(0.5).webp({ lossless: true }).toBuffer(), { hasAlpha: true }],
    ['alpha, lossy (ALPH) with EXIF', () => photo().ensureAlpha(0.5).webp({ quality: 60 }).withExif(CAMERA_EXIF).toBuffer(), { hasAlpha: true }],
  ];

  it.each(cases)('with %s: the same bytes as stripWebpMetadata, however the stream is cut', async (_what, build, { hasAlpha }) => {
    const webp = await build();
    const expected = stripWebpMetadata(webp);
    const meta = await sharp(webp).metadata();
    for (const pieces of everySplit(webp)) {
      const { bytes, filter } = await filtered(new WebpMetadataFilter(), pieces);
      const whole = Buffer.concat([filter.riffHeader(), bytes]);
      if (!whole.equals(expected)) throw new Error(`differs when cut into ${pieces.map((p) => p.length).join(' + ')} bytes`);
      expect(filter.header).toEqual({ width: meta.width, height: meta.height, hasAlpha });
      expect(filter.orientation).toBe(1);
    }
    expect(webpChunkTypes(expected)).not.toContain('EXIF');
    expect(webpChunkTypes(expected)).not.toContain('XMP ');
    expect(expected.readUInt32LE(4)).toBe(expected.length - 8);
    expect((await sharp(expected).raw().toBuffer()).equals(await sharp(webp).raw().toBuffer())).toBe(true);
    for (const needle of ['Canon', 'Jane', 'http://ns.adobe.com']) expect(expected.includes(Buffer.from(needle, 'latin1'))).toBe(false);
  });

  it('reads the EXIF orientation once the stream has ended (EXIF follows the image data)', async () => {
    const webp = await photo().webp().withExif(CAMERA_EXIF).withMetadata({ orientation: 3 }).toBuffer();
    const { filter } = await filtered(new WebpMetadataFilter(), [webp]);
    expect(filter.orientation).toBe(3);
  });

  it('fails an animated or cut-off file with the error stripWebpMetadata throws', async () => {
    const webp = await photo().webp().toBuffer();
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
    for (const broken of [Buffer.concat([riff, body]), webp.subarray(0, webp.length - 10), webp.subarray(0, 15), Buffer.from('RIFF....WEBPVP8 ')]) {
      expect(() => stripWebpMetadata(broken)).toThrow(WebpStructureError);
      let message = '';
      try {
        stripWebpMetadata(broken);
      } catch (error) {
        message = (error as Error).message;
      }
      await expect(filtered(new WebpMetadataFilter(), [broken.subarray(0, 5), broken.subarray(5)])).rejects.toThrow(message);
    }
  });
});
