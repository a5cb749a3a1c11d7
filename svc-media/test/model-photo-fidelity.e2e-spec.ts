import type { ModelPhotoRecord } from '@vton/contracts';
import { Client } from 'minio';
import http from 'node:http';
import sharp from 'sharp';
import { jpegMarkers } from '../src/images/jpeg-segments.js';
import { webpChunkTypes } from '../src/images/webp-chunks.js';
import { bearer, binary, mask, type Seller, startedHarness } from './helpers.js';

/** A photo-like image (every pixel differs from its neighbours), so a lossy re-encode shows in the pixels. */
function photoLike(width: number, height: number) {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0, i = 0; y < height; y++) {
    for (let x = 0; x < width; x++, i += 3) {
      raw[i] = (x * 7 + y * 3 + ((x * y) % 13)) & 255;
      raw[i + 1] = (x * 3 + y * 11) & 255;
      raw[i + 2] = ((x ^ y) * 5) & 255;
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } });
}

/** What a camera writes: make, model, dates and a GPS position. */
const CAMERA_EXIF = {
  IFD0: { Make: 'Canon', Model: 'Canon EOS R5', Software: 'Firmware 1.8.1', Artist: 'Jane Seller' },
  IFD2: { DateTimeOriginal: '2026:05:01 10:00:00', LensModel: 'RF24-70mm F2.8 L IS USM' },
  IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2964/100', GPSLongitudeRef: 'E', GPSLongitude: '2/1 17/1 4032/100' },
};

/** The upload as a browser shows it: orientation applied, colours converted to sRGB (what sharp does by default). */
async function asShown(upload: Buffer) {
  const { data, info } = await sharp(upload).rotate().removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

async function decoded(stored: Buffer) {
  const { data, info } = await sharp(stored).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Bytes of metadata a stored object must not carry, however the format spells them. */
function leaksCamera(bytes: Buffer): string[] {
  const found: string[] = [];
  for (const needle of ['Canon', 'EOS R5', 'Jane Seller', 'Exif\0\0', 'RF24-70mm', 'http://ns.adobe.com/xap']) {
    if (bytes.includes(Buffer.from(needle, 'latin1'))) found.push(needle);
  }
  return found;
}

describe('model photos keep the upload’s pixels (real Postgres and S3)', () => {
  const h = startedHarness();
  let seller: Seller;
  beforeEach(async () => {
    seller = await h.seller();
  });

  const upload = async (bytes: Buffer, name: string): Promise<ModelPhotoRecord> =>
    (await h.http().post('/api/models').set(bearer(seller)).attach('files', bytes, name).expect(201)).body[0];
  const stored = async (id: number): Promise<Buffer> =>
    (await h.http().get(`/api/models/${id}/files/original`).set(bearer(seller)).buffer(true).parse(binary as never).expect(200)).body as Buffer;

  // Its own connection per read: the S3 test server closes idle keep-alive sockets, and a test that
  // paused a few seconds (a busy machine) would otherwise reuse a closed one ("socket hang up").
  const reader = new Client({
    endPoint: new URL(process.env.S3_ENDPOINT!).hostname,
    port: Number(new URL(process.env.S3_ENDPOINT!).port),
    useSSL: false,
    accessKey: process.env.S3_ACCESS_KEY!,
    secretKey: process.env.S3_SECRET_KEY!,
    region: process.env.S3_REGION ?? 'us-east-1',
    pathStyle: true,
    transportAgent: new http.Agent({ keepAlive: false }),
  });

  /** Every object stored for the seller: none may carry the camera's metadata. */
  async function everyObjectIsClean(): Promise<void> {
    const keys: string[] = [];
    for await (const item of reader.listObjectsV2(process.env.S3_BUCKET!, `${seller.id}/`, true)) keys.push((item as { name: string }).name);
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) {
      const chunks: Buffer[] = [];
      for await (const chunk of await reader.getObject(process.env.S3_BUCKET!, key)) chunks.push(chunk as Buffer);
      const bytes = Buffer.concat(chunks);
      expect({ key, leaks: leaksCamera(bytes), exif: (await sharp(bytes).metadata()).exif }).toEqual({ key, leaks: [], exif: undefined });
    }
  }

  it('a camera JPEG: stored byte-identical in its pixels (its own bytes without EXIF/GPS/XMP), not re-encoded', async () => {
    const original = await photoLike(640, 480).jpeg({ quality: 88 }).withExif(CAMERA_EXIF).withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:xmp="http://ns.adobe.com/xap/1.0/"/></x:xmpmeta>').toBuffer();
    expect(leaksCamera(original).length).toBeGreaterThan(0);
    const model = await upload(original, 'camera.jpg');
    expect([model.width, model.height]).toEqual([640, 480]);
    const bytes = await stored(model.id);
    expect((await sharp(bytes).metadata()).format).toBe('jpeg');
    expect(jpegMarkers(bytes)).not.toContain('E1');
    expect(await decoded(bytes)).toEqual(await asShown(original));
    await everyObjectIsClean();
  });

  it('a Display-P3 JPEG keeps its profile and shows (in sRGB) exactly as the upload does', async () => {
    const original = await photoLike(400, 300).jpeg({ quality: 90 }).withIccProfile('p3').withExif(CAMERA_EXIF).toBuffer();
    expect((await sharp(original).metadata()).icc).toBeDefined();
    const model = await upload(original, 'p3.jpg');
    const bytes = await stored(model.id);
    const shown = await asShown(original);
    // The P3 numbers differ from their sRGB conversion: comparing converted pixels is a real check.
    const unconverted = await sharp(original, { ignoreIcc: true }).raw().toBuffer();
    expect(unconverted.equals(shown.data)).toBe(false);
    expect(await decoded(bytes)).toEqual(shown);
    await everyObjectIsClean();
  });

  it('an EXIF-rotated JPEG is stored upright, losslessly (PNG of the decoded upload), without the EXIF', async () => {
    const original = await photoLike(300, 200).jpeg({ quality: 85 }).withExif(CAMERA_EXIF).withMetadata({ orientation: 6 }).toBuffer();
    expect((await sharp(original).metadata()).orientation).toBe(6);
    const model = await upload(original, 'rotated.jpg');
    expect([model.width, model.height]).toEqual([200, 300]);
    const bytes = await stored(model.id);
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.orientation]).toEqual(['png', undefined]);
    expect(await decoded(bytes)).toEqual(await asShown(original));
    await everyObjectIsClean();
  });

  it('a rotated Display-P3 JPEG is upright and converted to sRGB exactly as a browser shows it', async () => {
    const original = await photoLike(320, 240).jpeg({ quality: 90 }).withIccProfile('p3').withMetadata({ orientation: 8 }).toBuffer();
    const model = await upload(original, 'rotated-p3.jpg');
    expect([model.width, model.height]).toEqual([240, 320]);
    expect(await decoded(await stored(model.id))).toEqual(await asShown(original));
  });

  it('a WebP keeps its pixels (its own image data, EXIF and XMP chunks dropped)', async () => {
    const original = await photoLike(500, 400).webp({ quality: 80 }).withExif(CAMERA_EXIF).toBuffer();
    expect(webpChunkTypes(original)).toContain('EXIF');
    const model = await upload(original, 'photo.webp');
    const bytes = await stored(model.id);
    expect(webpChunkTypes(bytes)).not.toContain('EXIF');
    expect(await decoded(bytes)).toEqual(await asShown(original));
    await everyObjectIsClean();
  });

  it('the inpaint crop svc-generation reads is the upload’s pixels too', async () => {
    const original = await photoLike(600, 400).jpeg({ quality: 87 }).withIccProfile('p3').toBuffer();
    const model = await upload(original, 'p3.jpg');
    const painted = await mask(600, 400, [{ left: 200, top: 100, width: 150, height: 200 }]);
    const ready = (await h.http().post(`/api/models/${model.id}/mask`).set(bearer(seller)).attach('mask', painted, 'mask.png').expect(201)).body as ModelPhotoRecord;
    const { x, y, width, height } = ready.inpaint!.bounds;
    const crop = (await h.http().get(`/api/models/${model.id}/files/inpaint-cropped`).set(bearer(seller)).buffer(true).parse(binary as never).expect(200)).body as Buffer;
    const expected = await sharp(original).extract({ left: x, top: y, width, height }).raw().toBuffer();
    expect((await sharp(crop).removeAlpha().raw().toBuffer()).equals(expected)).toBe(true);
    await everyObjectIsClean();
  });
});

