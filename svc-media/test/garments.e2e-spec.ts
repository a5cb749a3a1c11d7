import type { GarmentRecord } from '@vton/contracts';
import http from 'node:http';
import sharp from 'sharp';
import { bearer, jpeg, NO_ROWS, pixel, png, pngClaiming, solid, startedHarness, truncatedPng, webp, type Seller, TEST_MAX_UPLOAD_BYTES } from './helpers.js';

describe('garments (real Postgres, S3 server, svc-auth tokens)', () => {
  const h = startedHarness();
  let seller: Seller;
  beforeEach(async () => {
    seller = await h.seller();
  });

  const upload = (who: Seller, bytes: Buffer, name = 'garment.jpg') =>
    h.http().post('/api/garments').set(bearer(who)).attach('file', bytes, name);

  it('stores an upload re-encoded, upright and without metadata, and answers a GarmentRecord', async () => {
    // 200×100 pixels whose EXIF says "rotate 90°": stored as the upright 100×200.
    const photo = await solid(200, 100, '#aa3322').jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const res = await upload(seller, photo, 'shirt.jpg').expect(201);
    const garment = res.body as GarmentRecord;
    expect(garment).toEqual({
      id: expect.any(Number),
      name: 'shirt',
      filename: 'shirt.jpg',
      category: 'upper_body',
      width: 100,
      height: 200,
      url: expect.stringMatching(new RegExp(`^/api/media/files/${seller.id}/garments/${garment.id}-original\\.jpg\\?exp=\\d+&sig=`)),
      croppedUrl: null,
      cropData: null,
      uploadedAt: expect.any(String),
    });
    const stored = (await h.fetchSigned(garment.url).expect(200)).body as Buffer;
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 100, height: 200 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();

    const [row] = await h.query('SELECT * FROM garments WHERE id = $1', [garment.id]);
    expect(row).toMatchObject({ userId: seller.id, isObjectStorage: true, objectStorageKey: `${seller.id}/garments/${garment.id}-original.jpg`, originalPath: `${seller.id}/garments/${garment.id}-original.jpg` });
    await h.http().get(`/api/garments/${garment.id}`).set(bearer(seller)).expect(200).expect((r) => expect(r.body.id).toBe(garment.id));
  });

  it('accepts PNG and WebP by their bytes, whatever the name says', async () => {
    const asPng = await upload(seller, await png(50, 40), 'photo.jpg').expect(201);
    expect(asPng.body.url).toMatch(/-original\.png\?/);
    const asWebp = await upload(seller, await webp(50, 40), 'photo.png').expect(201);
    expect(asWebp.body.url).toMatch(/-original\.webp\?/);
    expect(await h.objectsOf(seller.id)).toHaveLength(2);
  });

  describe('crop', () => {
    it('scales a large crop down to 960×960 PNG and records the crop data', async () => {
      const { body: garment } = await upload(seller, await jpeg(2400, 1800, '#112233')).expect(201);
      const crop = { x: 300, y: 0, width: 1800, height: 1800, naturalWidth: 2400, naturalHeight: 1800 };
      const res = await h.http().post(`/api/garments/${garment.id}/crop`).set(bearer(seller)).send(crop).expect(201);
      expect(res.body).toMatchObject({ id: garment.id, cropData: crop, croppedUrl: expect.stringMatching(new RegExp(`${seller.id}/garments/${garment.id}-cropped\\.v[0-9a-z]+\\.png\\?`)) });
      const cropped = (await h.fetchSigned(res.body.croppedUrl).expect(200).expect('content-type', 'image/png')).body as Buffer;
      expect(await sharp(cropped).metadata()).toMatchObject({ format: 'png', width: 960, height: 960 });
      // Fills the square: no white border.
      const corner = await pixel(cropped, 2, 2);
      [0x11, 0x22, 0x33].forEach((v, i) => expect(Math.abs(corner[i] - v)).toBeLessThan(8));
    });

    it('never upscales a small garment: it sits at its own size, centred on white', async () => {
      const { body: garment } = await upload(seller, await png(300, 300, '#ff0000')).expect(201);
      const res = await h.http().post(`/api/garments/${garment.id}/crop`).set(bearer(seller))
        .send({ x: 0, y: 0, width: 300, height: 300, naturalWidth: 300, naturalHeight: 300 }).expect(201);
      const cropped = (await h.fetchSigned(res.body.croppedUrl)).body as Buffer;
      expect(await sharp(cropped).metadata()).toMatchObject({ width: 960, height: 960 });
      expect(await pixel(cropped, 480, 480)).toEqual([255, 0, 0]);
      expect(await pixel(cropped, 331, 331)).toEqual([255, 0, 0]);
      expect(await pixel(cropped, 628, 628)).toEqual([255, 0, 0]);
      expect(await pixel(cropped, 328, 480)).toEqual([255, 255, 255]);
      expect(await pixel(cropped, 631, 480)).toEqual([255, 255, 255]);
      expect(await pixel(cropped, 10, 10)).toEqual([255, 255, 255]);
    });

    it('pads with white where the crop exceeds the image', async () => {
      // 400×200 red image, 400×400 crop from 100 px above it: rows 0-99 and 300-399 are outside.
      const { body: garment } = await upload(seller, await png(400, 200, '#ff0000')).expect(201);
      const res = await h.http().post(`/api/garments/${garment.id}/crop`).set(bearer(seller))
        .send({ x: 0, y: -100, width: 400, height: 400, naturalWidth: 400, naturalHeight: 200 }).expect(201);
      const cropped = (await h.fetchSigned(res.body.croppedUrl)).body as Buffer;
      // Centred at its size (never upscaled): the crop square spans 280..680.
      expect(await pixel(cropped, 480, 330)).toEqual([255, 255, 255]);
      expect(await pixel(cropped, 480, 385)).toEqual([255, 0, 0]);
      expect(await pixel(cropped, 480, 575)).toEqual([255, 0, 0]);
      expect(await pixel(cropped, 480, 630)).toEqual([255, 255, 255]);
    });

    it('flattens transparency on white, in the stored photo and in the crop (transparent pixels stored as black stay white)', async () => {
      // 200×200: a red square in the middle, transparent black around it (as many editors write it)
      const cutOut = await sharp({ create: { width: 200, height: 200, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
        .composite([{ input: await png(100, 100, '#ff0000'), left: 50, top: 50 }])
        .png()
        .toBuffer();
      const { body: garment } = await upload(seller, cutOut, 'cutout.png').expect(201);
      const stored = (await h.fetchSigned(garment.url)).body as Buffer;
      expect((await sharp(stored).metadata()).hasAlpha).toBe(false);
      expect(await pixel(stored, 5, 5)).toEqual([255, 255, 255]);
      expect(await pixel(stored, 100, 100)).toEqual([255, 0, 0]);
      const res = await h.http().post(`/api/garments/${garment.id}/crop`).set(bearer(seller))
        .send({ x: 0, y: 0, width: 200, height: 200, naturalWidth: 200, naturalHeight: 200 }).expect(201);
      const cropped = (await h.fetchSigned(res.body.croppedUrl)).body as Buffer;
      // centred at its size on the 960 square: the photo spans 380..580
      expect(await pixel(cropped, 385, 385)).toEqual([255, 255, 255]);
      expect(await pixel(cropped, 480, 480)).toEqual([255, 0, 0]);
    });

    it('refuses a crop below 20 px, outside the image or with missing fields', async () => {
      const { body: garment } = await upload(seller, await png(100, 100)).expect(201);
      const crop = (body: unknown) => h.http().post(`/api/garments/${garment.id}/crop`).set(bearer(seller)).send(body as object);
      const small = await crop({ x: 0, y: 0, width: 10, height: 10, naturalWidth: 100, naturalHeight: 100 }).expect(400);
      expect(small.body).toMatchObject({ code: 'VALIDATION_FAILED', message: 'The crop must be at least 20 px wide' });
      const outside = await crop({ x: 500, y: 500, width: 50, height: 50, naturalWidth: 100, naturalHeight: 100 }).expect(400);
      expect(outside.body.message).toBe('The crop lies entirely outside the garment photo');
      await crop({ x: 0, y: 0 }).expect(400);
      await crop({ x: 'left', y: 0, width: 50, height: 50, naturalWidth: 100, naturalHeight: 100 }).expect(400);
      expect((await h.query('SELECT "cropData" FROM garments WHERE id = $1', [garment.id]))[0].cropData).toBeNull();
    });

    it('replacing the garment (PUT) keeps its id, clears the crop and removes the old files', async () => {
      const { body: garment } = await upload(seller, await jpeg(300, 300)).expect(201);
      await h.http().post(`/api/garments/${garment.id}/crop`).set(bearer(seller))
        .send({ x: 0, y: 0, width: 300, height: 300, naturalWidth: 300, naturalHeight: 300 }).expect(201);
      expect(await h.objectsOf(seller.id)).toEqual([
        expect.stringMatching(new RegExp(`^${seller.id}/garments/${garment.id}-cropped\\.v[0-9a-z]+\\.png$`)),
        `${seller.id}/garments/${garment.id}-original.jpg`,
      ]);
      const res = await h.http().put(`/api/garments/${garment.id}`).set(bearer(seller)).attach('file', await png(120, 80), 'new.png').expect(200);
      // never renamed, the product is called after its new file
      expect(res.body).toMatchObject({ id: garment.id, name: 'new', filename: 'new.png', width: 120, height: 80, croppedUrl: null, cropData: null });
      // The new photo has a key of its own (never the old photo's bytes overwritten in place).
      const objects = await h.objectsOf(seller.id);
      expect(objects).toEqual([expect.stringMatching(new RegExp(`^${seller.id}/garments/${garment.id}-original\\.v[0-9a-z]+\\.png$`))]);
      const [row] = await h.query('SELECT "objectStorageKey" FROM garments WHERE id = $1', [garment.id]);
      expect(row.objectStorageKey).toBe(objects[0]);
      expect(res.body.url).toContain(`/${objects[0]}?`);
      expect(await sharp((await h.fetchSigned(res.body.url).expect(200)).body as Buffer).metadata()).toMatchObject({ width: 120, height: 80 });

      // Again, with the same type: the previous replacement goes, the newest stays.
      const again = await h.http().put(`/api/garments/${garment.id}`).set(bearer(seller)).attach('file', await png(60, 40), 'newer.png').expect(200);
      const after = await h.objectsOf(seller.id);
      expect(after).toHaveLength(1);
      const [latest] = after;
      expect(latest).not.toBe(objects[0]);
      expect(again.body).toMatchObject({ id: garment.id, name: 'newer', filename: 'newer.png', width: 60, height: 40 });
      // a name the seller chose stays through a replacement
      await h.http().patch(`/api/garments/${garment.id}`).set(bearer(seller)).send({ name: 'Summer tee' }).expect(200);
      const renamed = await h.http().put(`/api/garments/${garment.id}`).set(bearer(seller)).attach('file', await png(60, 40), 'newest.png').expect(200);
      expect(renamed.body).toMatchObject({ name: 'Summer tee', filename: 'newest.png' });
      await h.fetchSigned(res.body.url).expect(404);

      // A bad replacement leaves the garment as it was.
      const kept = await h.objectsOf(seller.id);
      await h.http().put(`/api/garments/${garment.id}`).set(bearer(seller)).attach('file', Buffer.from('not an image'), 'x.png').expect(415);
      expect(await h.objectsOf(seller.id)).toEqual(kept);
      expect((await h.http().get(`/api/garments/${garment.id}`).set(bearer(seller)).expect(200)).body).toMatchObject({ name: 'Summer tee', filename: 'newest.png', width: 60, height: 40 });
    });
  });

  it('a replacement racing a crop (25 rounds): the record always points at files that exist, and the loser gets 409 or 404, never 500', async () => {
    const { body: garment } = await upload(seller, await jpeg(400, 400)).expect(201);
    for (let round = 0; round < 25; round++) {
      const crop = h.http().post(`/api/garments/${garment.id}/crop`).set(bearer(seller))
        .send({ x: 0, y: 0, width: 200, height: 200, naturalWidth: 400, naturalHeight: 400 });
      const replace = h.http().put(`/api/garments/${garment.id}`).set(bearer(seller)).attach('file', await jpeg(400, 400), `round-${round}.jpg`);
      const [cropped, replaced] = await Promise.all([crop.then((r) => r), replace.then((r) => r)]);
      expect(replaced.status).toBe(200);
      expect([201, 404, 409]).toContain(cropped.status);
      if (cropped.status !== 201) expect(cropped.body.code).toBe(cropped.status === 409 ? 'CONFLICT' : 'NOT_FOUND');

      const record = (await h.http().get(`/api/garments/${garment.id}`).set(bearer(seller)).expect(200)).body as GarmentRecord;
      await h.fetchSigned(record.url).expect(200);
      if (record.croppedUrl) await h.fetchSigned(record.croppedUrl).expect(200);
      // A crop that won was made from the photo the record now shows, never from the one it replaced.
      if (record.cropData) expect(record.filename).toBe(`round-${round}.jpg`);
      // Nothing left behind but the record's own files.
      const [row] = await h.query('SELECT "objectStorageKey", "croppedObjectStorageKey" FROM garments WHERE id = $1', [garment.id]);
      expect(await h.objectsOf(seller.id)).toEqual([row.croppedObjectStorageKey, row.objectStorageKey].filter(Boolean).sort());
    }
  }, 120_000);

  it('deleting a product racing a crop and a replacement (10 rounds): nothing of it stays behind, and the losers get 404 or 409, never 500', async () => {
    // Another product keeps the seller's garments "folder" in the test's S3 server (s3rver), which
    // removes a folder once it is empty and so would pull it from under a write racing the delete
    // (an S3 key store has no folders).
    const { body: other } = await upload(seller, await jpeg(100, 100)).expect(201);
    const othersFiles = await h.objectsOf(seller.id);
    expect(othersFiles).toHaveLength(1);
    for (let round = 0; round < 10; round++) {
      const { body: garment } = await upload(seller, await jpeg(400, 400)).expect(201);
      const crop = h.http().post(`/api/garments/${garment.id}/crop`).set(bearer(seller))
        .send({ x: 0, y: 0, width: 200, height: 200, naturalWidth: 400, naturalHeight: 400 });
      const replace = h.http().put(`/api/garments/${garment.id}`).set(bearer(seller)).attach('file', await jpeg(400, 400), `round-${round}.jpg`);
      const remove = h.http().delete(`/api/garments/${garment.id}`).set(bearer(seller));
      const [cropped, replaced, removed] = await Promise.all([crop.then((r) => r), replace.then((r) => r), remove.then((r) => r)]);
      expect(removed.status).toBe(204);
      expect([201, 404, 409]).toContain(cropped.status);
      expect([200, 404]).toContain(replaced.status);
      await h.http().get(`/api/garments/${garment.id}`).set(bearer(seller)).expect(404);
      expect(await h.objectsOf(seller.id)).toEqual(othersFiles);
    }
    await h.http().get(`/api/garments/${other.id}`).set(bearer(seller)).expect(200);
  }, 120_000);

  it('serves the cropped garment bytes to svc-generation on the user’s behalf', async () => {
    const { body: garment } = await upload(seller, await jpeg(300, 300)).expect(201);
    const notYet = await h.http().get(`/api/garments/${garment.id}/files/cropped`).set(bearer(seller)).expect(404);
    expect(notYet.body.message).toBe(`Garment ${garment.id} has not been cropped yet`);
    await h.http().post(`/api/garments/${garment.id}/crop`).set(bearer(seller))
      .send({ x: 0, y: 0, width: 300, height: 300, naturalWidth: 300, naturalHeight: 300 }).expect(201);
    const res = await h.http().get(`/api/garments/${garment.id}/files/cropped`).set(bearer(seller)).buffer(true).expect(200).expect('content-type', 'image/png');
    expect(await sharp(res.body as Buffer).metadata()).toMatchObject({ width: 960, height: 960 });
    await h.http().get(`/api/garments/${garment.id}/files/original`).set(bearer(seller)).expect(200).expect('content-type', 'image/jpeg');
    await h.http().get(`/api/garments/${garment.id}/files/secret`).set(bearer(seller)).expect(404);
  });

  describe('bad inputs get a clear 4xx and leave no rows or objects behind', () => {
    const cases: [string, () => Promise<Buffer>, string, number, RegExp][] = [
      ['a truncated PNG', truncatedPng, 'cut.png', 400, /not a readable image/],
      ['a text file named .png', async () => Buffer.from('just some text, not an image'), 'notes.png', 415, /not a JPG, PNG or WebP image/],
      ['a 20000×20000 pixel flood', () => pngClaiming(20000, 20000), 'flood.png', 413, /20000×20000 pixels; the limit is 100 megapixels/],
      ['a 0-byte file', async () => Buffer.alloc(0), 'empty.jpg', 400, /is empty/],
      ['a GIF', () => solid(10, 10).gif().toBuffer(), 'anim.gif', 415, /not a JPG, PNG or WebP/],
      ['a file over the byte limit', async () => Buffer.concat([await png(8, 8), Buffer.alloc(TEST_MAX_UPLOAD_BYTES)]), 'huge.png', 413, /larger than the 8 MB limit/],
    ];

    it.each(cases)('%s', async (_what, build, name, status, message) => {
      const res = await upload(seller, await build(), name).expect(status);
      expect(res.body).toMatchObject({ statusCode: status, message: expect.stringMatching(message), requestId: expect.any(String) });
      expect(await h.rowsOf(seller.id)).toEqual(NO_ROWS);
      expect(await h.objectsOf(seller.id)).toEqual([]);
    });

    it('a request without multipart, with the wrong field or with two files', async () => {
      await h.http().post('/api/garments').set(bearer(seller)).send({ file: 'x' }).expect(400);
      const wrong = await h.http().post('/api/garments').set(bearer(seller)).attach('image', await png(8, 8), 'a.png').expect(400);
      expect(wrong.body.message).toBe('Unexpected file field "image"; send the file in the field "file"');
      await h.http().post('/api/garments').set(bearer(seller)).attach('file', await png(8, 8), 'a.png').attach('file', await png(8, 8), 'b.png').expect(400);
      expect(await h.rowsOf(seller.id)).toEqual(NO_ROWS);
      expect(await h.objectsOf(seller.id)).toEqual([]);
    });

    it('a declared length beyond any limit is refused before the body is read', async () => {
      const status = await new Promise<number>((resolve, reject) => {
        const req = http.request(`${h.media.url}/api/garments`, {
          method: 'POST',
          headers: { ...bearer(seller), 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(50 * 1024 ** 3) },
        });
        req.on('response', (res) => { res.resume(); resolve(res.statusCode!); req.destroy(); });
        req.on('error', reject);
        req.write('--x\r\n');
      });
      expect(status).toBe(413);
      expect(await h.rowsOf(seller.id)).toEqual(NO_ROWS);
    });
  });

  describe('another seller', () => {
    it('cannot read, crop, replace or fetch the files of my garment', async () => {
      const other = await h.seller();
      const { body: garment } = await upload(seller, await jpeg(100, 100)).expect(201);
      await h.http().get(`/api/garments/${garment.id}`).set(bearer(other)).expect(404);
      await h.http().post(`/api/garments/${garment.id}/crop`).set(bearer(other)).send({ x: 0, y: 0, width: 50, height: 50, naturalWidth: 100, naturalHeight: 100 }).expect(404);
      await h.http().put(`/api/garments/${garment.id}`).set(bearer(other)).attach('file', await png(10, 10), 'x.png').expect(404);
      await h.http().get(`/api/garments/${garment.id}/files/original`).set(bearer(other)).expect(404);
      expect(await h.objectsOf(other.id)).toEqual([]);
      expect((await h.query('SELECT filename FROM garments WHERE id = $1', [garment.id]))[0].filename).toBe('garment.jpg');
    });

    it('and nobody can without a token', async () => {
      await h.http().post('/api/garments').attach('file', await png(8, 8), 'a.png').expect(401);
      await h.http().get('/api/garments/1').expect(401);
    });
  });

  it('answers 400 to an id that is not a positive integer', async () => {
    await h.http().get('/api/garments/abc').set(bearer(seller)).expect(400);
    await h.http().get('/api/garments/99999999999').set(bearer(seller)).expect(400);
    await h.http().get('/api/garments/2147483647').set(bearer(seller)).expect(404);
  });
});
