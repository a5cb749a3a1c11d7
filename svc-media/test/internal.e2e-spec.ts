import { INTERNAL_MEDIA_PATHS, SERVICE_CREDENTIAL, type GarmentCategory, type GarmentRecord, type GeneratedImageRecord, type ModelPhotoAndMask, type ModelPhotoRecord, type ResultUploadGrant } from '@vton/contracts';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { SignJWT } from 'jose';
import sharp from 'sharp';
import { readPngChunks, stripPngMetadata } from '../src/images/png-chunks.js';
import { bearer, jpeg, mask, MediaHarness, NO_ROWS, png, pngClaiming, startedHarness, truncatedPng, type Seller } from './helpers.js';

const SECRET = randomBytes(32).toString('base64url');

/** svc-generation's service credential, as its workers sign it; `overrides` forge the bad ones. */
function credential(ownerId: number, overrides: { secret?: string; issuer?: string; audience?: string; lifetime?: number; alg?: string; sub?: string } = {}): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ job: 'b5bd43a8-1a47-4d2c-9c54-0e0a7f9d2a11' })
    .setProtectedHeader({ alg: overrides.alg ?? SERVICE_CREDENTIAL.algorithm })
    .setIssuer(overrides.issuer ?? SERVICE_CREDENTIAL.issuer)
    .setAudience(overrides.audience ?? SERVICE_CREDENTIAL.audience)
    .setSubject(overrides.sub ?? String(ownerId))
    .setIssuedAt(now)
    .setExpirationTime(now + (overrides.lifetime ?? 300))
    .sign(new TextEncoder().encode(overrides.secret ?? SECRET));
}

describe('internal routes for svc-generation’s workers: the service credential, and only for its account’s objects', () => {
  const harness = new MediaHarness();
  let owner: Seller;
  let stranger: Seller;
  let garment: GarmentRecord;
  let model: ModelPhotoRecord;
  let result: Buffer;

  beforeAll(async () => {
    await harness.start({ GENERATION_SERVICE_SECRET: SECRET });
    result = await png(800, 600, '#33aa55');
    owner = await harness.seller();
    stranger = await harness.seller();
    const ok = (res: { status: number; text: string }) => {
      if (res.status >= 300) throw new Error(`setup failed: ${res.status} ${res.text}`);
    };
    garment = (await harness.http().post('/api/garments').set(bearer(owner)).attach('file', await jpeg(1200, 900), 'g.jpg').expect(ok)).body;
    garment = (
      await harness.http().post(`/api/garments/${garment.id}/crop`).set(bearer(owner)).send({ x: 0, y: 0, width: 900, height: 900, naturalWidth: 1200, naturalHeight: 900 }).expect(ok)
    ).body;
    model = (await harness.http().post('/api/models').set(bearer(owner)).attach('files', await png(800, 600), 'm.png').expect(ok)).body[0];
    model = (await harness.http().post(`/api/models/${model.id}/mask`).set(bearer(owner)).attach('mask', await mask(800, 600, [{ left: 200, top: 100, width: 300, height: 300 }]), 'mask.png').expect(ok)).body;
  });

  afterAll(() => harness.stop());

  const service = async (ownerId = owner.id) => ({ authorization: `Bearer ${await credential(ownerId)}` });
  const save = (headers: Record<string, string>, key: string, modelId = model.id, garmentId = garment.id) =>
    harness
      .http()
      .post(INTERNAL_MEDIA_PATHS.tryOnResults)
      .set(headers)
      .attach('file', result, 'result.png')
      .field('garmentId', String(garmentId))
      .field('modelId', String(modelId))
      .field('prompt', 'linen shirt')
      .field('metadata', JSON.stringify({ processedAt: '2026-01-01T00:00:00.000Z', scaleFactor: 1.5 }))
      .field('idempotencyKey', key);

  it('serves the owner’s garment crop and model files to the service credential: a redirect to that one object in object storage', async () => {
    /** The redirect, followed as the worker's fetch follows it (without the credential: another origin). */
    const followed = async (path: string) => {
      const res = await harness.http().get(path).set(await service()).expect(307);
      expect(res.headers['cache-control']).toBe('private, no-store');
      const location = new URL(res.headers.location as string);
      expect(location.origin).toBe(new URL(process.env.S3_ENDPOINT!).origin);
      expect(location.searchParams.get('X-Amz-Expires')).toBe('60');
      const object = await fetch(location);
      expect(object.status).toBe(200);
      return Buffer.from(await object.arrayBuffer());
    };
    expect(await sharp(await followed(INTERNAL_MEDIA_PATHS.garmentFile(garment.id, 'cropped'))).metadata()).toMatchObject({ width: 960, height: 960 });
    for (const variant of ['original', 'inpaint-cropped', 'inpaint-mask'] as const) {
      expect((await sharp(await followed(INTERNAL_MEDIA_PATHS.modelFile(model.id, variant))).metadata()).format).toBe('png');
    }
    // The URL is signed for that one object (the embedded S3 server does not check query signatures; S3 and MinIO do).
    const res = await harness.http().get(INTERNAL_MEDIA_PATHS.modelFile(model.id, 'original')).set(await service()).expect(307);
    expect(new URL(res.headers.location as string).searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
  });

  describe('a model’s photo and mask in one request (the worker’s inputs)', () => {
    type Keys = { photo: string; masks: Record<string, string> };
    /** The object keys the rows hold: what the presigned GETs must be of. */
    const keysOf = async (id: number): Promise<Keys> => {
      const [{ key }] = await harness.query<{ key: string }>('SELECT "objectStorageKey" AS key FROM models WHERE id = $1', [id]);
      const masks = await harness.query<{ category: string; key: string }>('SELECT category, "inpaintMaskObjectStorageKey" AS key FROM model_masks WHERE "modelId" = $1', [id]);
      return { photo: key, masks: Object.fromEntries(masks.map((m) => [m.category, m.key])) };
    };
    /** The object a presigned GET is of (path style: /bucket/key), and the signature it carries. */
    const objectOf = (url: string) => {
      const parsed = new URL(url);
      expect(parsed.origin).toBe(new URL(process.env.S3_ENDPOINT!).origin);
      expect(parsed.searchParams.get('X-Amz-Expires')).toBe('60');
      expect(parsed.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
      return decodeURIComponent(parsed.pathname).replace(`/${process.env.S3_BUCKET}/`, '');
    };
    const inputs = async (id: number, category: GarmentCategory | undefined, status: number, ownerId = owner.id) =>
      harness.http().get(INTERNAL_MEDIA_PATHS.modelPhotoAndMask(id, category)).set(await service(ownerId)).expect(status);
    let twoMasks: ModelPhotoRecord;
    let unmasked: ModelPhotoRecord;

    beforeAll(async () => {
      const upload = async () => (await harness.http().post('/api/models').set(bearer(owner)).attach('files', await png(800, 600), 'm.png').expect(201)).body[0] as ModelPhotoRecord;
      const paint = async (id: number, category: GarmentCategory, box: { left: number; top: number; width: number; height: number }) =>
        (await harness.http().post(`/api/models/${id}/mask`).set(bearer(owner)).field('category', category).attach('mask', await mask(800, 600, [box]), 'mask.png').expect(201))
          .body as ModelPhotoRecord;
      twoMasks = await upload();
      await paint(twoMasks.id, 'lower_body', { left: 100, top: 300, width: 400, height: 250 });
      // Approved last: the mask a worker without a category reads.
      twoMasks = await paint(twoMasks.id, 'upper_body', { left: 300, top: 50, width: 100, height: 100 });
      unmasked = await upload();
    });

    it('answers presigned GETs of the photo and of its mask for the category, which read straight from object storage', async () => {
      const keys = await keysOf(twoMasks.id);
      for (const category of ['lower_body', 'upper_body'] as const) {
        const res = await inputs(twoMasks.id, category, 200);
        expect(res.headers['cache-control']).toBe('private, no-store');
        const body = res.body as ModelPhotoAndMask;
        expect(Object.keys(body).sort()).toEqual(['maskUrl', 'photoUrl']);
        expect(objectOf(body.photoUrl)).toBe(keys.photo);
        expect(objectOf(body.maskUrl)).toBe(keys.masks[category]);
        // Read as the worker reads them: no credential, another origin.
        const [photo, maskFile] = await Promise.all([body.photoUrl, body.maskUrl].map(async (url) => Buffer.from(await (await fetch(url)).arrayBuffer())));
        expect(await sharp(photo).metadata()).toMatchObject({ format: 'png', width: 800, height: 600 });
        const { width, height } = twoMasks.masks[category]!.bounds;
        expect(await sharp(maskFile).metadata()).toMatchObject({ format: 'png', width, height });
        // The same objects the file routes (kept for a rollout) redirect to.
        const redirected = await harness.http().get(INTERNAL_MEDIA_PATHS.modelFile(twoMasks.id, 'inpaint-mask', category)).set(await service()).expect(307);
        expect(objectOf(redirected.headers.location as string)).toBe(keys.masks[category]);
      }
      // Without a category: the mask approved last.
      expect(objectOf(((await inputs(twoMasks.id, undefined, 200)).body as ModelPhotoAndMask).maskUrl)).toBe(keys.masks.upper_body);
    });

    it('answers 404 without a mask for the category, and for another account’s model exactly like a missing one', async () => {
      for (const [id, category] of [
        [twoMasks.id, 'full_body'],
        [unmasked.id, 'upper_body'],
        [unmasked.id, undefined],
      ] as const) {
        expect((await inputs(id, category, 404)).body).toMatchObject({ code: 'NOT_FOUND', message: `Model ${id} does not have inpaint mask data` });
      }
      for (const [id, ownerId] of [
        [twoMasks.id, stranger.id],
        [999_999, owner.id],
      ]) {
        expect((await inputs(id, 'upper_body', 404, ownerId)).body).toMatchObject({ code: 'NOT_FOUND', message: `Model ${id} not found` });
      }
      const bad = await harness.http().get(`/internal/media/models/${twoMasks.id}/photo-and-mask?category=hats`).set(await service()).expect(400);
      expect(bad.body.message).toBe('category must be one of upper_body, lower_body, full_body, product');
      const seller = await harness.http().get(INTERNAL_MEDIA_PATHS.modelPhotoAndMask(twoMasks.id)).set(bearer(owner)).expect(401);
      expect(seller.body.message).toBe('Invalid service credential');
    });
  });

  it('answers 404 for another account’s objects, exactly like missing ones', async () => {
    await harness.http().get(INTERNAL_MEDIA_PATHS.garmentFile(garment.id, 'cropped')).set(await service(stranger.id)).expect(404);
    await harness.http().get(INTERNAL_MEDIA_PATHS.modelFile(model.id, 'original')).set(await service(stranger.id)).expect(404);
    await harness.http().get(INTERNAL_MEDIA_PATHS.modelFile(999_999, 'original')).set(await service()).expect(404);
    const res = await save(await service(stranger.id), 'try-on:stranger:1:1').expect(400);
    expect(res.body.message).toBe(`garmentId ${garment.id} is not one of your garments`);
  });

  it('refuses a seller’s token on the internal routes, and the service credential on the sellers’ routes', async () => {
    for (const path of [INTERNAL_MEDIA_PATHS.garmentFile(garment.id, 'cropped'), INTERNAL_MEDIA_PATHS.modelFile(model.id, 'original')]) {
      const res = await harness.http().get(path).set(bearer(owner)).expect(401);
      expect(res.body).toMatchObject({ statusCode: 401, code: 'UNAUTHORIZED', message: 'Invalid service credential' });
      expect((await harness.http().get(path).expect(401)).body.message).toBe('A service credential is required');
    }
    await save(bearer(owner), 'try-on:seller:1:1').expect(401);
    await harness.http().get(`/api/garments/${garment.id}/files/cropped`).set(await service()).expect(401);
    await harness.http().get('/api/models').set(await service()).expect(401);
    await harness.http().get(`/api/generated-images`).set(await service()).expect(401);
  });

  it('refuses forged, foreign and long-lived credentials', async () => {
    const path = INTERNAL_MEDIA_PATHS.garmentFile(garment.id, 'cropped');
    for (const token of [
      await credential(owner.id, { secret: randomBytes(32).toString('base64url') }),
      await credential(owner.id, { issuer: 'svc-auth' }),
      await credential(owner.id, { audience: 'vton' }),
      await credential(owner.id, { lifetime: SERVICE_CREDENTIAL.maxLifetimeSeconds + 60 }),
      await credential(owner.id, { lifetime: -10 }),
      await credential(owner.id, { alg: 'HS512' }),
      await credential(owner.id, { sub: 'admin' }),
    ]) {
      await harness.http().get(path).set({ authorization: `Bearer ${token}` }).expect(401);
    }
  });

  it('saves a try-on result once per idempotency key: the same key again, even at the same time, answers the same image and adds no row', async () => {
    const before = await harness.rowsOf(owner.id);
    const first = (await save(await service(), 'try-on:job-1:7:1').expect(200)).body as GeneratedImageRecord;
    expect(first).toMatchObject({ garmentId: garment.id, modelId: model.id, prompt: 'linen shirt', generationType: 'vton', width: 800, height: 600 });
    const again = (await save(await service(), 'try-on:job-1:7:1').expect(200)).body as GeneratedImageRecord;
    expect(again.id).toBe(first.id);
    const racing = await Promise.all([0, 1, 2].map(async () => ((await save(await service(), 'try-on:job-1:7:2').expect(200)).body as GeneratedImageRecord).id));
    expect(new Set(racing).size).toBe(1);
    const after = await harness.rowsOf(owner.id);
    expect(after.generated_images - before.generated_images).toBe(2);
    expect(after.try_on_results - before.try_on_results).toBe(2);
    // The losers of the race left no objects behind: two images, each with its thumbnail.
    expect((await harness.objectsOf(owner.id)).filter((k) => k.includes('/generated/'))).toHaveLength(4);
  });

  it('stores the thumbnail the worker made from its pixels as it is, and refuses one that does not fit the result', async () => {
    const thumbnail = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#33aa55' } }).webp().toBuffer();
    const withThumb = (key: string, thumb: Buffer) =>
      harness
        .http()
        .post(INTERNAL_MEDIA_PATHS.tryOnResults)
        .set(headers)
        .attach('file', result, 'result.png')
        .attach('file', thumb, 'thumbnail.webp')
        .field('garmentId', String(garment.id))
        .field('modelId', String(model.id))
        .field('metadata', JSON.stringify({ processedAt: '2026-01-01T00:00:00.000Z' }))
        .field('idempotencyKey', key);
    const headers = await service();
    const saved = (await withThumb('try-on:job-thumb:7:1', thumbnail).expect(200)).body as GeneratedImageRecord;
    const served = await harness.http().get(new URL(saved.thumbnailUrl, 'http://x').pathname + new URL(saved.thumbnailUrl, 'http://x').search).buffer(true).parse((res, cb) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => cb(null, Buffer.concat(chunks)));
    });
    expect(Buffer.compare(served.body as Buffer, thumbnail)).toBe(0);
    const wrongSize = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#33aa55' } }).webp().toBuffer();
    expect((await withThumb('try-on:job-thumb:7:2', wrongSize).expect(400)).body.message).toBe('The thumbnail must be the 800×600 result fitted inside 400×400 (got 300×300)');
    expect((await withThumb('try-on:job-thumb:7:3', await png(400, 300)).expect(400)).body.message).toBe('The thumbnail must be a WebP image');
  });

  describe('one hop: the worker writes its result straight to object storage, svc-media checks and records it', () => {
    /** A PNG as the worker writes it: sharp's, with the pHYs chunk it adds dropped (no metadata leaves the worker). */
    const workerPng = async (width: number, height: number) => stripPngMetadata(await png(width, height, '#3355aa'));
    const thumbnailOf = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#3355aa' } }).webp().toBuffer();
    const grant = async (ownerId: number, key: string) =>
      (await harness.http().post(INTERNAL_MEDIA_PATHS.tryOnResultUploads).set(await service(ownerId)).send({ idempotencyKey: key }).expect(200)).body as ResultUploadGrant;
    const put = async (url: string, bytes: Buffer, type: string) => {
      const res = await fetch(url, { method: 'PUT', body: new Uint8Array(bytes), headers: { 'content-type': type } });
      expect(res.status).toBe(200);
    };
    const commit = (headers: Record<string, string>, id: number, body: Record<string, unknown>) =>
      harness
        .http()
        .post(INTERNAL_MEDIA_PATHS.tryOnResultUpload(id))
        .set(headers)
        .send({ garmentId: garment.id, modelId: model.id, prompt: 'linen shirt', metadata: { processedAt: '2026-01-01T00:00:00.000Z' }, ...body });
    /** A new seller with a garment (g.jpg) and a model photo (m.png) of their own. */
    const sellerWithPhotos = async () => {
      const seller = await harness.seller();
      const sellerGarment = (await harness.http().post('/api/garments').set(bearer(seller)).attach('file', await jpeg(900, 900), 'g.jpg').expect(201)).body as GarmentRecord;
      const sellerModel = (await harness.http().post('/api/models').set(bearer(seller)).attach('files', await png(800, 600), 'm.png').expect(201)).body[0] as ModelPhotoRecord;
      return { seller, sellerGarment, sellerModel };
    };
    /** Grant, write both files, save: what the worker does. */
    const saveOneHop = async (ownerId: number, key: string, bytes: Buffer, thumbnail: Buffer) => {
      const { upload, saved } = await grant(ownerId, key);
      if (saved) return { saved, res: undefined };
      await Promise.all([put(upload.pngUrl, bytes, 'image/png'), put(upload.thumbnailUrl, thumbnail, 'image/webp')]);
      return { upload, res: await commit(await service(ownerId), upload.id, { grant: upload.grant, idempotencyKey: key }) };
    };

    it('records the result once per key: written bytes stored as they are, the same key again answers the same image and grants nothing', async () => {
      const before = await harness.rowsOf(owner.id);
      const bytes = await workerPng(800, 600);
      const thumbnail = await thumbnailOf(400, 300);
      const { upload, res } = await saveOneHop(owner.id, 'try-on:one-hop:7:1', bytes, thumbnail);
      expect([res!.status, res!.body.message]).toEqual([200, undefined]);
      const first = res!.body as GeneratedImageRecord;
      expect(first).toMatchObject({ id: upload!.id, garmentId: garment.id, modelId: model.id, prompt: 'linen shirt', generationType: 'vton', width: 800, height: 600 });
      const stored = await harness.s3.getObject(process.env.S3_BUCKET!, `${owner.id}/generated/${first.id}-full.png`).then(async (body) => {
        const chunks: Buffer[] = [];
        for await (const chunk of body) chunks.push(chunk as Buffer);
        return Buffer.concat(chunks);
      });
      expect(stored.equals(bytes)).toBe(true);
      // A repeat (a redelivered run, a retried save) is answered at the grant: nothing to write.
      expect((await grant(owner.id, 'try-on:one-hop:7:1')).saved?.id).toBe(first.id);
      // The same save asked again (its answer was lost) answers the same image.
      expect(((await commit(await service(owner.id), first.id, { grant: upload!.grant, idempotencyKey: 'try-on:one-hop:7:1' }).expect(200)).body as GeneratedImageRecord).id).toBe(first.id);
      // The same save sent again while the first is still running (a retry after a timeout): one image, its objects kept.
      const { upload: retried } = await grant(owner.id, 'try-on:one-hop:7:3');
      await Promise.all([put(retried!.pngUrl, bytes, 'image/png'), put(retried!.thumbnailUrl, thumbnail, 'image/webp')]);
      const retries = await Promise.all(
        [0, 1, 2].map(async () => ((await commit(await service(owner.id), retried!.id, { grant: retried!.grant, idempotencyKey: 'try-on:one-hop:7:3' }).expect(200)).body as GeneratedImageRecord).id),
      );
      expect(retries).toEqual([retried!.id, retried!.id, retried!.id]);
      // Two runs racing with one key: one image, the loser's objects removed.
      const racing = await Promise.all([0, 1].map(() => saveOneHop(owner.id, 'try-on:one-hop:7:2', bytes, thumbnail)));
      const ids = racing.map(({ saved, res }) => (saved ?? (res!.body as GeneratedImageRecord)).id);
      expect(new Set(ids).size).toBe(1);
      const after = await harness.rowsOf(owner.id);
      expect(after.generated_images - before.generated_images).toBe(3);
      expect(after.try_on_results - before.try_on_results).toBe(3);
      const objects = (await harness.objectsOf(owner.id)).filter((k) => k.includes('/generated/'));
      for (const id of [first.id, retried!.id, ids[0]]) expect(objects.filter((k) => k.startsWith(`${owner.id}/generated/${id}-`))).toHaveLength(2);
      for (const { upload: lost } of racing) if (lost && lost.id !== ids[0]) expect(objects.filter((k) => k.startsWith(`${owner.id}/generated/${lost.id}-`))).toEqual([]);
      // A save under a recorded key naming another image's id without that id's grant answers the recorded image and removes nothing.
      const stray = (await commit(await service(owner.id), retried!.id, { grant: upload!.grant, idempotencyKey: 'try-on:one-hop:7:1' }).expect(200)).body as GeneratedImageRecord;
      expect(stray.id).toBe(first.id);
      expect((await harness.objectsOf(owner.id)).filter((k) => k.startsWith(`${owner.id}/generated/${retried!.id}-`))).toHaveLength(2);
    });

    it('gives the grant with the worker’s inputs when asked with the run’s key: one request before the save instead of two', async () => {
      const key = 'try-on:one-hop-inputs:9:1';
      const inputs = async (idempotencyKey: string, status = 200) =>
        (await harness.http().get(INTERNAL_MEDIA_PATHS.modelPhotoAndMask(model.id, undefined, idempotencyKey)).set(await service()).expect(status)).body as ModelPhotoAndMask;
      const first = await inputs(key);
      expect(Object.keys(first).sort()).toEqual(['maskUrl', 'photoUrl', 'result']);
      const upload = first.result!.upload!;
      // The grant's URLs live ten minutes (the seal an hour): the worker uses it while a minute of that is left.
      expect(upload.expiresInSeconds).toBe(600);
      expect(new URL(upload.pngUrl).searchParams.get('X-Amz-Expires')).toBe('600');
      await Promise.all([put(upload.pngUrl, await workerPng(800, 600), 'image/png'), put(upload.thumbnailUrl, await thumbnailOf(400, 300), 'image/webp')]);
      const saved = (await commit(await service(), upload.id, { grant: upload.grant, idempotencyKey: key }).expect(200)).body as GeneratedImageRecord;
      expect(saved).toMatchObject({ id: upload.id, modelId: model.id, width: 800, height: 600 });
      // A redelivered run: its inputs answer the image saved under its key, nothing to write.
      expect((await inputs(key)).result).toEqual({ saved: expect.objectContaining({ id: saved.id, modelId: model.id }) });
      // Without the key, the inputs alone (as before); a key that is not one is refused.
      expect(Object.keys((await harness.http().get(INTERNAL_MEDIA_PATHS.modelPhotoAndMask(model.id)).set(await service()).expect(200)).body).sort()).toEqual(['maskUrl', 'photoUrl']);
      expect(((await inputs('try on!', 400)) as unknown as { message: string }).message).toBe('idempotencyKey must be 1–200 characters of letters, digits, _ : . -');
    });

    it('numbers a seller’s results consecutively when their saves come at once, each with its try_on_results row; another seller’s garment or model is refused and leaves nothing', async () => {
      const { seller, sellerGarment, sellerModel } = await sellerWithPhotos();
      const bytes = await workerPng(800, 600);
      const thumbnail = await thumbnailOf(400, 300);
      /** Grant and write as the worker does, then save with these references. */
      const written = async (key: string) => {
        const { upload } = await grant(seller.id, key);
        await Promise.all([put(upload!.pngUrl, bytes, 'image/png'), put(upload!.thumbnailUrl, thumbnail, 'image/webp')]);
        return upload!;
      };
      const saveAs = async (key: string, references: { garmentId: number; modelId: number }, status: number) => {
        const upload = await written(key);
        return commit(await service(seller.id), upload.id, { grant: upload.grant, idempotencyKey: key, ...references }).expect(status);
      };
      const own = { garmentId: sellerGarment.id, modelId: sellerModel.id };
      const saved = await Promise.all([0, 1, 2, 3, 4, 5].map(async (i) => (await saveAs(`try-on:numbers:3:${i}`, own, 200)).body as GeneratedImageRecord));
      expect(saved.map((image) => image.number).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6]);
      expect(saved.map((image) => [image.productName, image.modelFilename])).toEqual(saved.map(() => ['g', 'm.png']));
      const results = await harness.query<{ generatedImageId: number; resultPath: string; garmentId: number; modelId: number; metadata: unknown }>(
        'SELECT "generatedImageId", "resultPath", "garmentId", "modelId", metadata FROM try_on_results WHERE "userId" = $1 ORDER BY "generatedImageId"',
        [seller.id],
      );
      expect(results).toEqual(
        [...saved]
          .sort((a, b) => a.id - b.id)
          .map((image) => ({ generatedImageId: image.id, resultPath: `${seller.id}/generated/${image.id}-full.png`, ...own, metadata: { processedAt: '2026-01-01T00:00:00.000Z' } })),
      );
      // The owner's garment or model in this seller's result: 400, that upload's objects removed, no row.
      const theirs: [string, { garmentId: number; modelId: number }, string][] = [
        ['garment', { ...own, garmentId: garment.id }, `garmentId ${garment.id} is not one of your garments`],
        ['model', { ...own, modelId: model.id }, `modelId ${model.id} is not one of your model photos`],
      ];
      for (const [what, references, message] of theirs) {
        const res = await saveAs(`try-on:numbers:4:${what}`, references, 400);
        expect([what, res.body.message]).toEqual([what, message]);
      }
      expect(await harness.rowsOf(seller.id)).toMatchObject({ generated_images: 6, try_on_results: 6 });
      expect((await harness.objectsOf(seller.id)).filter((k) => k.includes('/generated/'))).toHaveLength(12);
      // The next save takes the next number: the refused ones took none.
      expect(((await saveAs('try-on:numbers:3:6', own, 200)).body as GeneratedImageRecord).number).toBe(7);
    });

    it('refuses what was written wrongly and leaves no object or row behind', async () => {
      const { seller, sellerGarment, sellerModel } = await sellerWithPhotos();
      const thumbnail = await thumbnailOf(400, 300);
      const good = await workerPng(800, 600);
      const cases: [string, Buffer | null, Buffer | null, number, string][] = [
        ['with metadata', await png(800, 600), thumbnail, 400, 'The image is not a readable image (corrupt or truncated: it carries a pHYs chunk (metadata is not kept))'],
        ['cut off', good.subarray(0, good.length - 20), thumbnail, 400, 'The image is not a readable image (corrupt or truncated: it does not end with IEND)'],
        ['not a PNG', await jpeg(80, 60), thumbnail, 415, 'The image must be a PNG image'],
        ['a pixel flood', await pngClaiming(20_000, 20_000), thumbnail, 413, 'The image is 20000×20000 pixels; the limit is 100 megapixels'],
        ['a thumbnail of another size', good, await thumbnailOf(300, 300), 400, 'The thumbnail must be the 800×600 result fitted inside 400×400 (got 300×300)'],
        ['nothing written', null, null, 400, 'The image was not written to its upload URL'],
      ];
      for (const [i, [what, bytes, thumb, status, message]] of cases.entries()) {
        const key = `try-on:one-hop-bad:7:${i}`;
        const { upload } = await grant(seller.id, key);
        if (bytes) await put(upload!.pngUrl, bytes, 'image/png');
        if (thumb) await put(upload!.thumbnailUrl, thumb, 'image/webp');
        const res = await commit(await service(seller.id), upload!.id, { grant: upload!.grant, idempotencyKey: key, garmentId: sellerGarment.id, modelId: sellerModel.id }).expect(status);
        expect([what, res.body.message]).toEqual([what, message]);
      }
      // A grant is for one id and one key of one account.
      const { upload } = await grant(seller.id, 'try-on:one-hop-bad:8:1');
      await put(upload!.pngUrl, good, 'image/png');
      await put(upload!.thumbnailUrl, thumbnail, 'image/webp');
      const forged = await commit(await service(seller.id), upload!.id, { grant: upload!.grant, idempotencyKey: 'try-on:one-hop-bad:8:2', garmentId: sellerGarment.id, modelId: sellerModel.id }).expect(400);
      expect(forged.body.message).toBe('The upload grant is not valid for this result (expired, or for another id or key)');
      await commit(await service(stranger.id), upload!.id, { grant: upload!.grant, idempotencyKey: 'try-on:one-hop-bad:8:1' }).expect(400);
      // The rightful save still goes through: every refused one above left nothing behind.
      await commit(await service(seller.id), upload!.id, { grant: upload!.grant, idempotencyKey: 'try-on:one-hop-bad:8:1', garmentId: sellerGarment.id, modelId: sellerModel.id }).expect(200);
      expect(await harness.rowsOf(seller.id)).toMatchObject({ generated_images: 1, try_on_results: 1 });
      expect((await harness.objectsOf(seller.id)).filter((k) => k.includes('/generated/')).sort()).toEqual([`${seller.id}/generated/${upload!.id}-full.png`, `${seller.id}/generated/${upload!.id}-thumb.webp`]);
    });
  });

  describe('the result PNG is checked and stored as it streams in', () => {
    /** A noisy PNG of more than one 5 MB part (putStream's multipart path), with sharp's pHYs chunk to drop. */
    let large: Buffer;
    let largeThumbnail: Buffer;
    beforeAll(async () => {
      const noise = randomBytes(1400 * 1300 * 3);
      large = await sharp(noise, { raw: { width: 1400, height: 1300, channels: 3 } }).png({ compressionLevel: 1 }).toBuffer();
      expect(large.length).toBeGreaterThan(5 * 1024 * 1024);
      largeThumbnail = await sharp(noise, { raw: { width: 1400, height: 1300, channels: 3 } }).resize(400, 400, { fit: 'inside' }).webp().toBuffer();
    });
    const saveBytes = (headers: Record<string, string>, file: Buffer, key: string, thumbnail?: Buffer) => {
      let req = harness.http().post(INTERNAL_MEDIA_PATHS.tryOnResults).set(headers).attach('file', file, 'result.png');
      if (thumbnail) req = req.attach('file', thumbnail, 'thumbnail.webp');
      return req.field('garmentId', String(garment.id)).field('modelId', String(model.id)).field('idempotencyKey', key);
    };

    it('stores a multi-part result without its metadata chunks, byte for byte otherwise', async () => {
      const saved = (await saveBytes(await service(owner.id), large, 'try-on:job-large:7:1', largeThumbnail).expect(200)).body as GeneratedImageRecord;
      expect(saved).toMatchObject({ width: 1400, height: 1300 });
      const key = (await harness.objectsOf(owner.id)).find((k) => k.endsWith(`/generated/${saved.id}-full.png`))!;
      const stored = await harness.s3.getObject(process.env.S3_BUCKET!, key).then(async (body) => {
        const chunks: Buffer[] = [];
        for await (const chunk of body) chunks.push(chunk as Buffer);
        return Buffer.concat(chunks);
      });
      expect(stored.equals(stripPngMetadata(large))).toBe(true);
      expect(stored.length).toBeLessThan(large.length);
    });

    it('makes the thumbnail from the stored PNG when the worker sent none', async () => {
      const saved = (await saveBytes(await service(owner.id), result, 'try-on:job-nothumb:7:1').expect(200)).body as GeneratedImageRecord;
      const thumbKey = (await harness.objectsOf(owner.id)).find((k) => k.includes(`/generated/${saved.id}-thumb.`))!;
      const stat = await harness.s3.statObject(process.env.S3_BUCKET!, thumbKey);
      expect(stat.size).toBeGreaterThan(0);
    });

    it('refuses a broken or foreign file with the errors of a buffered check and leaves no object or row behind', async () => {
      const seller = await harness.seller();
      // svc-media checks that garment and model are the seller's only after the PNG: use the seller's own.
      const lateBadCrc = Buffer.from(large);
      lateBadCrc[lateBadCrc.length - 20] ^= 0xff; // in the last IDAT, after the first 5 MB part went up
      // What the buffered check (readPngChunks) says about the same bytes.
      const buffered = (bytes: Buffer) => {
        try {
          readPngChunks(bytes);
        } catch (error) {
          return `The image is not a readable image (corrupt or truncated: ${(error as Error).message})`;
        }
        throw new Error('a sound PNG');
      };
      const cut = large.subarray(0, large.length - 1000);
      const truncated = await truncatedPng();
      const cases: [Buffer, number, string][] = [
        [lateBadCrc, 400, 'The image is not a readable image (corrupt or truncated: the IDAT chunk fails its CRC check)'],
        [cut, 400, buffered(cut)],
        [truncated, 400, buffered(truncated)],
        [await pngClaiming(20_000, 20_000), 413, 'The image is 20000×20000 pixels; the limit is 100 megapixels'],
        [await jpeg(40, 30), 415, 'The image must be a PNG image'],
        [Buffer.concat([large, large]), 413, 'The file is larger than the 8 MB limit'],
        [Buffer.alloc(0), 400, 'The image is empty'],
      ];
      for (const [i, [bytes, status, message]] of cases.entries()) {
        const res = await saveBytes(await service(seller.id), bytes, `try-on:job-bad:7:${i}`).expect(status);
        expect(res.body.message).toBe(message);
      }
      expect(await harness.rowsOf(seller.id)).toEqual(NO_ROWS);
      expect(await harness.objectsOf(seller.id)).toEqual([]);
    });

    it('stores nothing when the sender goes away after the first part went up', async () => {
      const seller = await harness.seller();
      const { authorization } = await service(seller.id);
      const boundary = 'worker-went-away';
      const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="result.png"\r\nContent-Type: image/png\r\n\r\n`);
      await new Promise<void>((resolve) => {
        const req = http.request(new URL(INTERNAL_MEDIA_PATHS.tryOnResults, harness.media.url), {
          method: 'POST',
          headers: { authorization, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': head.length + large.length + 200 },
        });
        req.on('error', () => resolve());
        req.on('response', () => resolve());
        req.write(head);
        // Six of the PNG's megabytes (more than one 5 MB part), then the connection drops.
        req.write(large.subarray(0, 6 * 1024 * 1024), () => setTimeout(() => req.destroy(), 500));
      });
      // Nothing to wait for that a caller could see: look a few times whether anything shows up.
      for (let i = 0; i < 20 && (await harness.objectsOf(seller.id)).length === 0; i++) await new Promise((r) => setTimeout(r, 100));
      expect(await harness.objectsOf(seller.id)).toEqual([]);
      expect(await harness.rowsOf(seller.id)).toEqual(NO_ROWS);
    });

    it('removes the stored PNG when the fields are refused after it', async () => {
      const seller = await harness.seller();
      await saveBytes(await service(seller.id), large, 'not a key!', largeThumbnail).expect(400);
      await saveBytes(await service(seller.id), result, 'try-on:job-foreign:7:1').field('prompt', 'a\u0000b').expect(400);
      expect(await harness.objectsOf(seller.id)).toEqual([]);
    });
  });

  it('checks what a save carries', async () => {
    const res = await save(await service(), 'not a key!').expect(400);
    expect(res.body.message).toBe('idempotencyKey must be 1–200 characters of letters, digits, _ : . -');
  });
});

describe('internal routes without GENERATION_SERVICE_SECRET', () => {
  const harness = startedHarness({ GENERATION_SERVICE_SECRET: '' });

  it('answer 503 saying what is missing', async () => {
    const res = await harness.http().get(INTERNAL_MEDIA_PATHS.garmentFile(1, 'cropped')).set({ authorization: `Bearer ${await credential(1)}` }).expect(503);
    expect(res.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: 'The internal routes are not configured (GENERATION_SERVICE_SECRET)' });
  });
});
