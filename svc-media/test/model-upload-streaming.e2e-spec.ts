import type { ModelPhotoRecord } from '@vton/contracts';
import http from 'node:http';
import sharp from 'sharp';
import { stripJpegMetadata } from '../src/images/jpeg-segments.js';
import { stripWebpMetadata } from '../src/images/webp-chunks.js';
import { bearer, binary, jpeg, MediaHarness, NO_ROWS, TEST_MAX_UPLOAD_REQUEST_BYTES, type Seller } from './helpers.js';

/** Noise compresses badly: a few megapixels make a file larger than one 5 MB storage part. */
function noise(width: number, height: number) {
  const raw = Buffer.alloc(width * height * 3);
  let seed = 1;
  for (let i = 0; i < raw.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    raw[i] = (seed >> 16) & 255;
  }
  return sharp(raw, { raw: { width, height, channels: 3 } });
}

const CAMERA_EXIF = { IFD0: { Make: 'Canon', Artist: 'Jane Seller' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2964/100' } };
const PART_BYTES = 5 * 1024 * 1024;

/** A small JPEG whose frame header claims `width`×`height`: a pixel flood that costs nothing to build. */
async function jpegClaiming(width: number, height: number): Promise<Buffer> {
  const bytes = Buffer.from(await jpeg(16, 16));
  const sof = bytes.indexOf(Buffer.from([0xff, 0xc0]));
  bytes.writeUInt16BE(height, sof + 5);
  bytes.writeUInt16BE(width, sof + 7);
  return bytes;
}

/** Polls until `done` answers true (a generous cap, no timing asserted). */
async function until(done: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (await done()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`gave up waiting: ${what}`);
}

describe('model photos are checked and stored as they stream in (real Postgres and S3)', () => {
  const h = new MediaHarness();
  let seller: Seller;
  let bigJpeg: Buffer;

  beforeAll(async () => {
    await h.start();
    bigJpeg = await noise(3000, 2000).jpeg({ quality: 95 }).withExif(CAMERA_EXIF).toBuffer();
    expect(stripJpegMetadata(bigJpeg).length).toBeGreaterThan(PART_BYTES);
  }, 60_000);
  afterAll(() => h.stop());
  beforeEach(async () => {
    seller = await h.seller();
  });

  const uploadModels = (who: Seller, files: [Buffer, string][]) => {
    const req = h.http().post('/api/models').set(bearer(who));
    for (const [bytes, name] of files) req.attach('files', bytes, name);
    return req;
  };
  const stored = async (id: number): Promise<Buffer> =>
    (await h.http().get(`/api/models/${id}/files/original`).set(bearer(seller)).buffer(true).parse(binary as never).expect(200)).body as Buffer;

  it('a JPEG and a WebP larger than one storage part are stored as their own bytes without metadata', async () => {
    const bigWebp = await noise(2600, 2000).webp({ quality: 100 }).withExif(CAMERA_EXIF).toBuffer();
    expect(stripWebpMetadata(bigWebp).length).toBeGreaterThan(PART_BYTES);
    for (const [bytes, name, strip] of [
      [bigJpeg, 'big.jpg', stripJpegMetadata],
      [bigWebp, 'big.webp', stripWebpMetadata],
    ] as const) {
      const [model] = (await uploadModels(seller, [[bytes, name]]).expect(201)).body as ModelPhotoRecord[];
      expect(model).toMatchObject({ filename: name, width: name === 'big.jpg' ? 3000 : 2600, height: 2000, status: 'uploaded' });
      expect((await stored(model.id)).equals(strip(bytes))).toBe(true);
      const thumb = (await h.fetchSigned(model.thumbnailUrl).expect(200)).body as Buffer;
      expect(await sharp(thumb).metadata()).toMatchObject({ format: 'webp', width: 400, height: name === 'big.jpg' ? 267 : 308 });
    }
  }, 60_000);

  it('a WebP whose EXIF, after its image data, asks for a rotation is stored upright as PNG', async () => {
    const rotated = await noise(300, 200).webp({ quality: 80 }).withExif(CAMERA_EXIF).withMetadata({ orientation: 6 }).toBuffer();
    const [upright] = (await uploadModels(seller, [[rotated, 'rotated.webp']]).expect(201)).body as ModelPhotoRecord[];
    expect([upright.width, upright.height]).toEqual([200, 300]);
    const bytes = await stored(upright.id);
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'png', width: 200, height: 300 });
    expect((await sharp(bytes).removeAlpha().raw().toBuffer()).equals(await sharp(rotated).rotate().raw().toBuffer())).toBe(true);
    // Only the PNG and its thumbnail: the WebP's multipart upload was never completed.
    expect(await h.objectsOf(seller.id)).toEqual([`${seller.id}/models/${upright.id}-original.png`, `${seller.id}/models/${upright.id}-thumb.webp`]);
  });

  it('a JPEG cut off in its image data is decoded instead, and refused as before when it does not decode', async () => {
    const cut = await noise(300, 200).jpeg().toBuffer();
    const res = await uploadModels(seller, [[await jpeg(40, 40), 'fine.jpg'], [cut.subarray(0, cut.length - 300), 'cut.jpg']]).expect(400);
    expect(res.body.message).toBe('"cut.jpg" is not a readable image (corrupt or truncated)');
    expect(await h.objectsOf(seller.id)).toEqual([]);
  });

  it.each([
    ['not an image', async () => Buffer.from('text'), 415, '"second.png" is not a JPG, PNG or WebP image'],
    ['a pixel flood (refused from its header)', () => jpegClaiming(20000, 20000), 413, '"second.png" is 20000×20000 pixels; the limit is 100 megapixels'],
    ['a cut-off PNG', async () => (await sharp({ create: { width: 64, height: 64, channels: 3, background: '#123456' } }).png().toBuffer()).subarray(0, 60), 400, '"second.png" is not a readable image (corrupt or truncated)'],
  ] as [string, () => Promise<Buffer>, number, string][])(
    'a second file that is %s refuses the upload and leaves nothing in the bucket, also of the first (stored in parts)',
    async (_what, second, status, message) => {
      const res = await uploadModels(seller, [[bigJpeg, 'first.jpg'], [await second(), 'second.png'], [await jpeg(50, 50), 'third.jpg']]).expect(status);
      expect(res.body).toMatchObject({ statusCode: status, message });
      expect(await h.rowsOf(seller.id)).toEqual(NO_ROWS);
      expect(await h.objectsOf(seller.id)).toEqual([]);
    },
    60_000,
  );

  it('a limit the rest of the body breaks still answers before a refused file, as when every file was read first', async () => {
    // Each under the per-file limit (8 MB), together over the per-request one (12 MB).
    const padding = Buffer.alloc(7 * 1024 * 1024);
    const res = await uploadModels(seller, [[Buffer.from('text'), 'bad.png'], [padding, 'a.jpg'], [padding, 'b.jpg']]).expect(413);
    expect(res.body.message).toBe(`The files of one upload together are larger than the ${TEST_MAX_UPLOAD_REQUEST_BYTES / (1024 * 1024)} MB limit; send them in smaller batches`);
    expect(await h.objectsOf(seller.id)).toEqual([]);
  });

  it('a client that goes away mid-upload leaves no object, neither of the file it stored nor of the one it was sending', async () => {
    const boundary = 'streaming-abort-boundary';
    const part = (name: string) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: image/jpeg\r\n\r\n`);
    const req = http.request(`${h.media.url}/api/models`, {
      method: 'POST',
      headers: { ...bearer(seller), 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    req.on('error', () => undefined);
    const first = await noise(600, 400).jpeg().toBuffer();
    req.write(Buffer.concat([part('first.jpg'), first, Buffer.from('\r\n'), part('second.jpg')]));
    // The first photo and its thumbnail are stored while the request is still open.
    await until(async () => (await h.objectsOf(seller.id)).length === 2, 'the first photo stored');
    // More than one part of the second one, then the connection drops.
    await new Promise<void>((resolve) => req.write(bigJpeg.subarray(0, PART_BYTES + 512 * 1024), () => resolve()));
    req.destroy();
    await until(async () => (await h.objectsOf(seller.id)).length === 0, 'every object removed');
    expect(await h.rowsOf(seller.id)).toEqual(NO_ROWS);
    // The second one's multipart upload was aborted, not completed (the S3 test server can neither
    // list nor abort multipart uploads: its parts are never an object, which the listing shows).
  }, 60_000);
});
