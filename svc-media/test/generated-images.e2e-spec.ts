import type { GeneratedImageRecord, GeneratedImagesPage } from '@vton/contracts';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { pngChunkTypes } from '../src/images/png-chunks.js';
import { bearer, jpeg, NO_ROWS, png, solid, type Seller, startedHarness, TEST_MAX_DATA_URL_BYTES, truncatedPng } from './helpers.js';

const dataUrl = (bytes: Buffer, type = 'image/png') => `data:${type};base64,${bytes.toString('base64')}`;

const pngChunk = (type: string, data: Buffer) => {
  const bytes = Buffer.alloc(12 + data.length);
  bytes.writeUInt32BE(data.length, 0);
  bytes.write(type, 4, 'latin1');
  data.copy(bytes, 8);
  bytes.writeUInt32BE(crc32(bytes.subarray(4, 8 + data.length)), 8 + data.length);
  return bytes;
};

/** Every chunk of a PNG as [type, data]. */
function chunksOf(bytes: Buffer): [string, Buffer][] {
  const chunks: [string, Buffer][] = [];
  for (let offset = 8; offset < bytes.length; ) {
    const length = bytes.readUInt32BE(offset);
    chunks.push([bytes.toString('latin1', offset + 4, offset + 8), bytes.subarray(offset + 8, offset + 8 + length)]);
    offset += 12 + length;
  }
  return chunks;
}

/** A noisy RGBA picture, so its pixel data is not trivially compressible. */
async function noisyPng(width: number, height: number): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 4);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 7919 + (i >> 7)) % 251;
  return sharp(raw, { raw: { width, height, channels: 4 } }).png().toBuffer();
}

/** The PNG with text, XMP, EXIF (camera and GPS-like bytes) and a timestamp after IHDR, as a phone or editor writes them. */
function withMetadataChunks(bytes: Buffer): Buffer {
  return Buffer.concat([
    bytes.subarray(0, 33),
    pngChunk('tEXt', Buffer.from('Author\0Jane Doe')),
    pngChunk('iTXt', Buffer.from('XML:com.adobe.xmp\0\0\0\0\0<x:xmpmeta>GPSLatitude 48.8584</x:xmpmeta>')),
    pngChunk('zTXt', Buffer.concat([Buffer.from('Comment\0\0'), Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])])),
    pngChunk('eXIf', Buffer.from('MM\0*\0\0\0\bCanon EOS R5 serial 0123456789')),
    pngChunk('tIME', Buffer.from([7, 0xea, 1, 2, 3, 4, 5])),
    bytes.subarray(33),
  ]);
}

/** The same PNG with its (CRC-valid) IDAT cut to half: the compressed stream ends early. */
function shortStreamPng(bytes: Buffer): Buffer {
  const parts = [bytes.subarray(0, 8)];
  for (const [type, data] of chunksOf(bytes)) parts.push(pngChunk(type, type === 'IDAT' ? data.subarray(0, data.length >> 1) : data));
  return Buffer.concat(parts);
}

/** `{ d: { d: … } }`, `levels` deep. */
function nested(levels: number): object {
  let value: object = {};
  for (let i = 0; i < levels; i += 1) value = { d: value };
  return value;
}

describe('generated images (real Postgres, S3 server, svc-auth tokens)', () => {
  const h = startedHarness();
  let seller: Seller;
  beforeEach(async () => {
    seller = await h.seller();
  });

  const save = (who: Seller, body: object) => h.http().post('/api/generated-images').set(bearer(who)).send(body);
  const list = (who: Seller, query = '') => h.http().get(`/api/generated-images${query}`).set(bearer(who));

  it('numbers each seller\'s images 1, 2, 3… in the order saved, also when saved at once; a delete renumbers nothing', async () => {
    const body = async (i: number) => ({ imageUrl: dataUrl(await jpeg(64, 48, '#336699'), 'image/jpeg'), prompt: `n${i}`, generationType: 'mock' });
    const first = (await save(seller, await body(0)).expect(201)).body as GeneratedImageRecord;
    const together = await Promise.all([1, 2, 3, 4].map(async (i) => (await save(seller, await body(i)).expect(201)).body as GeneratedImageRecord));
    expect([first, ...together].map((image) => image.number).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5]);
    await h.http().delete(`/api/generated-images/${first.id}`).set(bearer(seller)).expect(204);
    const next = (await save(seller, await body(5)).expect(201)).body as GeneratedImageRecord;
    expect(next.number).toBe(6);
    const listed = ((await list(seller).expect(200)).body as GeneratedImagesPage).images;
    expect(listed.map((image) => image.number)).toEqual([6, 5, 4, 3, 2]); // newest first, by number
    // another seller starts at 1
    const other = await h.seller();
    expect(((await save(other, await body(9)).expect(201)).body as GeneratedImageRecord).number).toBe(1);
  });

  it('saves a data URL as PNG with a thumbnail and lists it with signed URLs, never bytes', async () => {
    const res = await save(seller, {
      imageUrl: dataUrl(await jpeg(1200, 900, '#884422'), 'image/jpeg'),
      prompt: 'studio light',
      generationType: 'mock',
      metadata: { processedAt: '2026-01-01T00:00:00.000Z', scaleFactor: 1.5 },
    }).expect(201);
    const image = res.body as GeneratedImageRecord;
    expect(image).toEqual({
      id: expect.any(Number),
      imageUrl: expect.stringMatching(new RegExp(`^/api/media/files/${seller.id}/generated/${image.id}-full\\.png\\?exp=\\d+&sig=`)),
      thumbnailUrl: expect.stringMatching(new RegExp(`^/api/media/files/${seller.id}/generated/${image.id}-thumb\\.webp\\?`)),
      width: 1200,
      height: 900,
      garmentId: null,
      modelId: null,
      prompt: 'studio light',
      generationType: 'mock',
      metadata: { processedAt: '2026-01-01T00:00:00.000Z', scaleFactor: 1.5 },
      createdAt: expect.any(String),
      number: 1,
      modelFilename: null,
      productName: null,
    });
    const full = (await h.fetchSigned(image.imageUrl).expect(200).expect('content-type', 'image/png')).body as Buffer;
    expect(await sharp(full).metadata()).toMatchObject({ format: 'png', width: 1200, height: 900 });
    const thumb = (await h.fetchSigned(image.thumbnailUrl).expect(200)).body as Buffer;
    expect(await sharp(thumb).metadata()).toMatchObject({ format: 'webp', width: 400, height: 300 });

    const page = (await list(seller).expect(200)).body as GeneratedImagesPage;
    // Signed again for the list: the expiry (in whole seconds) may have moved on since the save.
    const unsigned = (r: GeneratedImageRecord) => ({ ...r, imageUrl: r.imageUrl.split('?')[0], thumbnailUrl: r.thumbnailUrl.split('?')[0] });
    expect({ ...page, images: page.images.map(unsigned) }).toEqual({ images: [unsigned(image)], nextCursor: null, total: 1 });
    expect(JSON.stringify(page)).not.toMatch(/data:|base64/);
    const [row] = await h.query('SELECT "generationType", "isObjectStorage", "imageUrl" FROM generated_images WHERE id = $1', [image.id]);
    expect(row).toEqual({ generationType: 'mock', isObjectStorage: true, imageUrl: `s3://${process.env.S3_BUCKET}/${seller.id}/generated/${image.id}-full.png` });
  });

  it('defaults generationType to vton and links the seller’s own garment and model', async () => {
    const garment = (await h.http().post('/api/garments').set(bearer(seller)).attach('file', await png(50, 50), 'g.png').expect(201)).body;
    const [model] = (await h.http().post('/api/models').set(bearer(seller)).attach('files', await png(50, 50), 'm.png').expect(201)).body;
    const res = await save(seller, { imageUrl: dataUrl(await png(20, 20)), garmentId: garment.id, modelId: model.id }).expect(201);
    expect(res.body).toMatchObject({ generationType: 'vton', garmentId: garment.id, modelId: model.id, prompt: null, metadata: null, productName: 'g', modelFilename: 'm.png' });
    await save(seller, { imageUrl: dataUrl(await png(20, 20)), garmentId: null, modelId: null }).expect(201);
    // The result keeps its model photo's file name after the photo is replaced; its product is the same
    // product, which, never renamed, is called after its new photo now (issue 32).
    await h.http().put(`/api/garments/${garment.id}`).set(bearer(seller)).attach('file', await png(40, 40), 'new-season.png').expect(200);
    expect((await h.http().get(`/api/generated-images/${res.body.id}`).set(bearer(seller)).expect(200)).body).toMatchObject({ productName: 'new-season', modelFilename: 'm.png' });
  });

  it('names a result’s product as the library calls it now, also once the product is deleted: its last name, not the one it had when saved', async () => {
    const garment = (await h.http().post('/api/garments').set(bearer(seller)).attach('file', await png(50, 50), 'linen-shirt.jpg').expect(201)).body;
    const [model] = (await h.http().post('/api/models').set(bearer(seller)).attach('files', await png(50, 50), 'anna.png').expect(201)).body;
    const before = (await save(seller, { imageUrl: dataUrl(await png(20, 20)), garmentId: garment.id, modelId: model.id }).expect(201)).body as GeneratedImageRecord;
    expect(before.productName).toBe('linen-shirt');

    await h.http().patch(`/api/garments/${garment.id}`).set(bearer(seller)).send({ name: 'Summer linen shirt' }).expect(200);
    const after = (await save(seller, { imageUrl: dataUrl(await png(20, 20)), garmentId: garment.id, modelId: model.id }).expect(201)).body as GeneratedImageRecord;
    /** What the gallery's pages, the `?ids=` list (svc-generation's) and one image's GET each call the two results. */
    const names = async () => {
      const page = (await list(seller).expect(200)).body as GeneratedImagesPage;
      const byIds = (await list(seller, `?ids=${before.id},${after.id}`).expect(200)).body as GeneratedImagesPage;
      const one = (await h.http().get(`/api/generated-images/${before.id}`).set(bearer(seller)).expect(200)).body as GeneratedImageRecord;
      return { page: page.images.map((image) => [image.id, image.productName]), byIds: byIds.images.map((image) => [image.id, image.productName]), one: one.productName };
    };
    // renamed: both results are called after the product's name now, the one saved before the rename too
    expect(await names()).toEqual({ page: [[after.id, 'Summer linen shirt'], [before.id, 'Summer linen shirt']], byIds: [[after.id, 'Summer linen shirt'], [before.id, 'Summer linen shirt']], one: 'Summer linen shirt' });

    // deleted: the results stay, both called by the last name the seller gave the product (the one
    // saved before the rename too), never by the name it had when saved
    await h.http().delete(`/api/garments/${garment.id}`).set(bearer(seller)).expect(204);
    expect(await names()).toEqual({ page: [[after.id, 'Summer linen shirt'], [before.id, 'Summer linen shirt']], byIds: [[after.id, 'Summer linen shirt'], [before.id, 'Summer linen shirt']], one: 'Summer linen shirt' });

    // The release before ResultProductNames, still serving during a rollout, reads and writes the column it knows.
    expect(await h.query('SELECT "garmentFilename" FROM generated_images WHERE id = ANY($1) ORDER BY id', [[before.id, after.id]])).toEqual([{ garmentFilename: 'Summer linen shirt' }, { garmentFilename: 'Summer linen shirt' }]);
    // A row it saved meanwhile has only that column (its file's name): answered by the name the file gives.
    await h.query('UPDATE generated_images SET "productName" = NULL, "garmentFilename" = $2 WHERE id = $1', [before.id, 'linen-shirt.jpg']);
    expect((await h.http().get(`/api/generated-images/${before.id}`).set(bearer(seller)).expect(200)).body.productName).toBe('linen-shirt');
  });

  it('pages newest first with a cursor', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push((await save(seller, { imageUrl: dataUrl(await png(10 + i, 10)) }).expect(201)).body.id);
    const first = (await list(seller, '?limit=2').expect(200)).body as GeneratedImagesPage;
    expect(first.images.map((i) => i.id)).toEqual([ids[4], ids[3]]);
    expect(first.total).toBe(5);
    const second = (await list(seller, `?limit=2&cursor=${first.nextCursor}`).expect(200)).body as GeneratedImagesPage;
    expect(second.images.map((i) => i.id)).toEqual([ids[2], ids[1]]);
    const last = (await list(seller, `?limit=2&cursor=${second.nextCursor}`).expect(200)).body as GeneratedImagesPage;
    expect(last).toMatchObject({ nextCursor: null });
    expect(last.images.map((i) => i.id)).toEqual([ids[0]]);
    await list(seller, '?limit=0').expect(400);
    await list(seller, '?limit=1000').expect(400);
    await list(seller, '?cursor=abc').expect(400);
    await list(seller, '?cursor=2147483648').expect(400);
  });

  it('deletes the row, then the objects', async () => {
    const { body: image } = await save(seller, { imageUrl: dataUrl(await png(30, 30)) }).expect(201);
    expect(await h.objectsOf(seller.id)).toHaveLength(2);
    await h.http().delete(`/api/generated-images/${image.id}`).set(bearer(seller)).expect(204);
    expect(await h.rowsOf(seller.id)).toEqual(NO_ROWS);
    expect(await h.objectsOf(seller.id)).toEqual([]);
    await h.fetchSigned(image.imageUrl).expect(404);
    await h.http().delete(`/api/generated-images/${image.id}`).set(bearer(seller)).expect(404);
  });

  it('keeps metadata up to 16 KB and a prompt with line breaks', async () => {
    const metadata = { processedAt: '2026-01-01T00:00:00Z', scaleFactor: 1.5, notes: 'x'.repeat(15 * 1024) };
    const { body } = await save(seller, { imageUrl: dataUrl(await png(5, 5)), prompt: 'line one\n\tline two', metadata }).expect(201);
    expect(body).toMatchObject({ prompt: 'line one\n\tline two', metadata });
    await h.http().delete(`/api/generated-images/${body.id}`).set(bearer(seller)).expect(204);
  });

  describe('bad bodies get a clear 4xx and leave no rows or objects behind', () => {
    const cases: [string, () => Promise<object | string>, number, RegExp][] = [
      ['a huge data URL', async () => ({ imageUrl: `data:image/png;base64,${'A'.repeat(TEST_MAX_DATA_URL_BYTES + 4)}` }), 413, /larger than the 2 MB limit/],
      ['a non-image data URL', async () => ({ imageUrl: 'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==' }), 415, /PNG, JPEG or WebP data URL/],
      ['an image data URL holding text', async () => ({ imageUrl: dataUrl(Buffer.from('hello, not a png')) }), 415, /not a JPG, PNG or WebP image/],
      ['an image data URL holding a GIF', async () => ({ imageUrl: dataUrl(await solid(5, 5).gif().toBuffer()) }), 415, /not a JPG, PNG or WebP image/],
      ['a remote URL', async () => ({ imageUrl: 'https://example.com/result.png' }), 400, /remote URLs are not accepted/],
      ['junk JSON', async () => '{"imageUrl": "data:image/png;base64,', 400, /JSON|Unexpected|Bad/i],
      ['no imageUrl', async () => ({ prompt: 'x' }), 400, /imageUrl must be a data URL/],
      ['a garmentId that is not a positive integer', async () => ({ imageUrl: dataUrl(await png(5, 5)), garmentId: -3 }), 400, /garmentId must be a positive integer/],
      ['a modelId given as text', async () => ({ imageUrl: dataUrl(await png(5, 5)), modelId: '7' }), 400, /modelId must be a positive integer/],
      ['an unknown generationType', async () => ({ imageUrl: dataUrl(await png(5, 5)), generationType: 'dalle' }), 400, /generationType must be 'vton' or 'mock'/],
      ['metadata that is not an object', async () => ({ imageUrl: dataUrl(await png(5, 5)), metadata: [1, 2] }), 400, /metadata must be an object/],
      // Beyond the column's range: refused here, never looked up.
      ['a garmentId beyond the 32-bit id range', async () => ({ imageUrl: dataUrl(await png(5, 5)), garmentId: 2_147_483_648 }), 400, /^garmentId must be a positive integer$/],
      ['a modelId of 1e20', async () => ({ imageUrl: dataUrl(await png(5, 5)), modelId: 1e20 }), 400, /^modelId must be a positive integer$/],
      // Postgres can store neither in text or JSON: refused by the one input check, named.
      ['a NUL character in the prompt', async () => ({ imageUrl: dataUrl(await png(5, 5)), prompt: 'beach\u0000day' }), 400, /^prompt must not contain control characters$/],
      ['a NUL character inside metadata', async () => ({ imageUrl: dataUrl(await png(5, 5)), metadata: { note: { text: 'a\u0000b' } } }), 400, /^metadata\.note\.text must not contain control characters$/],
      ['an escape character in a metadata key', async () => ({ imageUrl: dataUrl(await png(5, 5)), metadata: { 'a\u001bb': 1 } }), 400, /^metadata must not have a key with control characters$/],
      // Sent as text: 100 000 levels are more than JSON.stringify itself can write.
      ['metadata nested 100 000 levels deep', async () => `{"imageUrl":"${dataUrl(await png(5, 5))}","metadata":${'{"d":'.repeat(100_000)}{}${'}'.repeat(100_000)}}`, 400, /^metadata is nested too deeply \(at most 32 levels\)$/],
      ['metadata over 16 KB', async () => ({ imageUrl: dataUrl(await png(5, 5)), metadata: { notes: 'x'.repeat(17 * 1024) } }), 400, /^metadata must be at most 16 KB of JSON$/],
    ];

    it.each(cases)('%s', async (_what, build, status, message) => {
      const body = await build();
      const req = h.http().post('/api/generated-images').set(bearer(seller)).set('content-type', 'application/json');
      const res = await req.send(typeof body === 'string' ? body : JSON.stringify(body)).expect(status);
      expect(res.body).toMatchObject({ statusCode: status, message: expect.stringMatching(message) });
      expect(await h.rowsOf(seller.id)).toEqual(NO_ROWS);
      expect(await h.objectsOf(seller.id)).toEqual([]);
    });
  });

  describe('svc-generation saves try-on results as multipart', () => {
    it('stores the PNG and records a try_on_results row', async () => {
      const garment = (await h.http().post('/api/garments').set(bearer(seller)).attach('file', await png(50, 50), 'g.png').expect(201)).body;
      const [model] = (await h.http().post('/api/models').set(bearer(seller)).attach('files', await png(50, 50), 'm.png').expect(201)).body;
      const res = await h.http().post('/api/generated-images/files').set(bearer(seller))
        .attach('file', await png(960, 960, '#dddddd'), 'try-on.png')
        .field('garmentId', String(garment.id)).field('modelId', String(model.id)).field('prompt', 'beach')
        .field('generationType', 'vton').field('metadata', JSON.stringify({ processedAt: 'now', scaleFactor: 2 })).field('tryOnResult', 'true')
        .expect(201);
      expect(res.body).toMatchObject({ garmentId: garment.id, modelId: model.id, prompt: 'beach', generationType: 'vton', width: 960, height: 960, metadata: { scaleFactor: 2 } });
      const rows = await h.query('SELECT "garmentId", "modelId", "resultPath", "generatedImageId" FROM try_on_results WHERE "userId" = $1', [seller.id]);
      expect(rows).toEqual([{ garmentId: garment.id, modelId: model.id, resultPath: `${seller.id}/generated/${res.body.id}-full.png`, generatedImageId: res.body.id }]);
      // Deleting the gallery image takes its try-on record with it.
      await h.http().delete(`/api/generated-images/${res.body.id}`).set(bearer(seller)).expect(204);
      expect((await h.rowsOf(seller.id)).try_on_results).toBe(0);
    });

    it('refuses bad fields, another seller’s garment and a try-on without ids, leaving nothing', async () => {
      const other = await h.seller();
      const foreign = (await h.http().post('/api/garments').set(bearer(other)).attach('file', await png(20, 20), 'g.png').expect(201)).body;
      const post = () => h.http().post('/api/generated-images/files').set(bearer(seller)).attach('file', Buffer.from(''), 'x.png');
      await post().field('metadata', '{not json').expect(400);
      const small = await png(10, 10);
      const withFile = () => h.http().post('/api/generated-images/files').set(bearer(seller)).attach('file', small, 'x.png');
      const foreignRes = await withFile().field('garmentId', String(foreign.id)).expect(400);
      expect(foreignRes.body.message).toBe(`garmentId ${foreign.id} is not one of your garments`);
      await withFile().field('tryOnResult', 'true').expect(400);
      await withFile().field('garmentId', 'abc').expect(400);
      await withFile().field('tryOnResult', 'maybe').expect(400);
      // Form fields pass the same input checks as JSON bodies.
      expect((await withFile().field('prompt', 'a\u0000b').expect(400)).body.message).toBe('prompt must not contain control characters');
      expect((await withFile().field('modelId', '4294967296').expect(400)).body.message).toBe('modelId must be a positive integer');
      expect((await withFile().field('metadata', JSON.stringify({ n: 'x'.repeat(17 * 1024) })).expect(400)).body.message).toBe('metadata must be at most 16 KB of JSON');
      expect((await withFile().field('metadata', JSON.stringify(nested(100))).expect(400)).body.message).toBe('metadata is nested too deeply (at most 32 levels)');
      expect(await h.rowsOf(seller.id)).toEqual(NO_ROWS);
      expect(await h.objectsOf(seller.id)).toEqual([]);
    });
  });

  describe('PNG results are stored without metadata and without a re-encode', () => {
    const saveFile = (who: Seller, file: Buffer) =>
      h.http().post('/api/generated-images/files').set(bearer(who)).attach('file', file, 'try-on.png').field('generationType', 'vton');

    it.each([
      ['multipart (svc-generation)', (who: Seller, file: Buffer) => saveFile(who, file)],
      ['data URL (the browser)', (who: Seller, file: Buffer) => save(who, { imageUrl: dataUrl(file) })],
    ])('%s: no tEXt/iTXt/zTXt/eXIf/tIME, the same pixel data and pixels', async (_how, send) => {
      const original = await noisyPng(300, 200);
      const dirty = withMetadataChunks(original);
      const image = (await send(seller, dirty).expect(201)).body as GeneratedImageRecord;
      expect(image).toMatchObject({ width: 300, height: 200 });
      const stored = (await h.fetchSigned(image.imageUrl).expect(200).expect('content-type', 'image/png')).body as Buffer;
      const types = pngChunkTypes(stored);
      expect(types.filter((t) => !['IHDR', 'PLTE', 'tRNS', 'IDAT', 'IEND', 'gAMA', 'cHRM', 'sRGB', 'iCCP'].includes(t))).toEqual([]);
      for (const gone of ['tEXt', 'iTXt', 'zTXt', 'eXIf', 'tIME', 'pHYs']) expect(types).not.toContain(gone);
      for (const secret of ['Jane Doe', 'GPSLatitude', 'Canon']) expect(stored.includes(Buffer.from(secret))).toBe(false);
      // Not re-encoded: the compressed pixel data is the uploaded one, byte for byte.
      const idat = (bytes: Buffer) => Buffer.concat(chunksOf(bytes).filter(([t]) => t === 'IDAT').map(([, d]) => d));
      expect(idat(stored).equals(idat(original))).toBe(true);
      expect(await sharp(stored).raw().toBuffer()).toEqual(await sharp(original).raw().toBuffer());
      const thumb = (await h.fetchSigned(image.thumbnailUrl).expect(200)).body as Buffer;
      expect(await sharp(thumb).metadata()).toMatchObject({ format: 'webp', width: 300, height: 200 });
    });

    it('a PNG whose eXIf asks for a rotation is stored upright, without the EXIF', async () => {
      const rotated = await solid(40, 20, '#cc3300').withMetadata({ orientation: 6 }).png().toBuffer();
      expect((await sharp(rotated).metadata()).orientation).toBe(6);
      const image = (await saveFile(seller, rotated).expect(201)).body as GeneratedImageRecord;
      expect(image).toMatchObject({ width: 20, height: 40 });
      const stored = (await h.fetchSigned(image.imageUrl).expect(200)).body as Buffer;
      expect(pngChunkTypes(stored)).not.toContain('eXIf');
      const meta = await sharp(stored).metadata();
      expect(meta).toMatchObject({ width: 20, height: 40 });
      expect(meta.orientation).toBeUndefined();
      const thumb = (await h.fetchSigned(image.thumbnailUrl).expect(200)).body as Buffer;
      expect(await sharp(thumb).metadata()).toMatchObject({ width: 20, height: 40 });
    });

    const broken: [string, () => Promise<Buffer>, RegExp][] = [
      ['a bad CRC in the pixel data', async () => {
        const bytes = Buffer.from(await noisyPng(64, 64));
        const idat = bytes.indexOf('IDAT', 8, 'latin1');
        bytes[idat + 20] ^= 0xff;
        return bytes;
      }, /not a readable image \(corrupt or truncated: the IDAT chunk fails its CRC check\)/],
      ['a file cut off inside IDAT', () => truncatedPng(), /not a readable image \(corrupt or truncated/],
      ['an IDAT whose compressed stream ends early (CRCs valid)', async () => shortStreamPng(await noisyPng(64, 64)), /not a readable image \(corrupt or truncated\)/],
      ['no IEND', async () => (await noisyPng(16, 16)).subarray(0, -12), /not a readable image \(corrupt or truncated/],
    ];

    it.each(broken)('%s is refused with 400 and leaves nothing behind (multipart and data URL)', async (_what, build, message) => {
      const bytes = await build();
      const viaFile = await saveFile(seller, bytes).expect(400);
      expect(viaFile.body).toMatchObject({ statusCode: 400, message: expect.stringMatching(message) });
      const viaDataUrl = await save(seller, { imageUrl: dataUrl(bytes) }).expect(400);
      expect(viaDataUrl.body).toMatchObject({ statusCode: 400, message: expect.stringMatching(message) });
      expect(await h.rowsOf(seller.id)).toEqual(NO_ROWS);
      expect(await h.objectsOf(seller.id)).toEqual([]);
    });
  });

  describe('GET /api/generated-images/:id', () => {
    it('answers the owner’s record with freshly signed URLs, 404 to anyone else, 400 for a bad id', async () => {
      const { body: saved } = await save(seller, { imageUrl: dataUrl(await png(30, 20)), prompt: 'one' }).expect(201);
      const res = await h.http().get(`/api/generated-images/${saved.id}`).set(bearer(seller)).expect(200);
      const image = res.body as GeneratedImageRecord;
      expect({ ...image, imageUrl: '', thumbnailUrl: '' }).toEqual({ ...saved, imageUrl: '', thumbnailUrl: '' });
      expect(image.imageUrl).toMatch(new RegExp(`^/api/media/files/${seller.id}/generated/${saved.id}-full\\.png\\?exp=\\d+&sig=`));
      await h.fetchSigned(image.imageUrl).expect(200).expect('content-type', 'image/png');
      await h.fetchSigned(image.thumbnailUrl).expect(200);

      const other = await h.seller();
      const foreign = await h.http().get(`/api/generated-images/${saved.id}`).set(bearer(other)).expect(404);
      const missing = await h.http().get('/api/generated-images/2147483647').set(bearer(other)).expect(404);
      expect(foreign.body.message).toBe(missing.body.message.replace('2147483647', String(saved.id)));
      await h.http().get(`/api/generated-images/${saved.id}`).expect(401);
      await h.http().get('/api/generated-images/abc').set(bearer(seller)).expect(400);
    });
  });

  describe('another seller', () => {
    it('cannot list, delete or link my images, nor my garments and models', async () => {
      const other = await h.seller();
      const { body: image } = await save(seller, { imageUrl: dataUrl(await png(20, 20)) }).expect(201);
      const [model] = (await h.http().post('/api/models').set(bearer(seller)).attach('files', await png(20, 20), 'm.png').expect(201)).body;
      expect((await list(other).expect(200)).body).toEqual({ images: [], nextCursor: null, total: 0 });
      await h.http().delete(`/api/generated-images/${image.id}`).set(bearer(other)).expect(404);
      const res = await save(other, { imageUrl: dataUrl(await png(20, 20)), modelId: model.id }).expect(400);
      expect(res.body.message).toBe(`modelId ${model.id} is not one of your model photos`);
      expect(await h.rowsOf(other.id)).toEqual(NO_ROWS);
      expect((await list(seller).expect(200)).body.total).toBe(1);
    });
  });
});
