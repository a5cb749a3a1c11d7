import type { GenerateResponse, GeneratedImagesPage } from '@vton/contracts';
import sharp from 'sharp';
import request from 'supertest';
import { download, MediaSeeder, requestsBetween, near, pixelAt, Platform, pngChunkTypes, solidPng, startLocalEngine, type App } from './helpers.js';

const SKIN: [number, number, number] = [196, 150, 120];
const BLUE: [number, number, number] = [30, 60, 200];

describe('POST /api/try-on/generate (real Postgres, S3, svc-media and the local compositor)', () => {
  const platform = new Platform();
  let engine: Awaited<ReturnType<typeof startLocalEngine>>;
  let generation: App;
  let worker: App;
  let token: string;
  let seed: MediaSeeder;

  beforeAll(async () => {
    await platform.start();
    engine = await startLocalEngine();
    generation = await platform.generation({ VTON_API_URL: engine.url });
    worker = await platform.worker({ VTON_API_URL: engine.url });
    token = await platform.token(101);
    seed = new MediaSeeder(platform.media.url, token);
  });

  afterAll(async () => {
    await worker?.app.close();
    await generation?.app.close();
    await engine?.close();
    await platform.stop();
  });

  const generate = (body: object, as = token) => request(generation.url).post('/api/try-on/generate').auth(as, { type: 'bearer' }).send(body);

  it('composes every ready model at its photo’s exact size, saves each result to the gallery, and leaves the photo outside the mask untouched', async () => {
    const garment = await seed.croppedGarment(BLUE);
    const landscape = await seed.model(await solidPng(900, 600, SKIN), { rect: { left: 300, top: 150, width: 300, height: 300 } });
    const portrait = await seed.model(await sharp(await solidPng(700, 1100, SKIN)).jpeg({ quality: 95 }).toBuffer(), {
      rect: { left: 200, top: 300, width: 300, height: 400 },
      filename: 'portrait.jpg',
    });

    const before = await platform.workerMediaRequests();
    const res = await generate({ garmentId: garment.id, modelIds: [landscape.id, portrait.id], prompt: 'a blue shirt' }).expect(200);
    const { results } = res.body as GenerateResponse;
    expect(results.map((r) => r.modelId)).toEqual([landscape.id, portrait.id]);
    // Two requests to svc-media a model: its inputs (with where its result goes), then the save.
    const after = await platform.workerMediaRequests();
    expect(requestsBetween(before, after)).toEqual({ inputs: 2, grants: 0, saves: 2 });

    for (const [result, model] of [[results[0], landscape], [results[1], portrait]] as const) {
      expect(result).toMatchObject({ garmentId: garment.id, prompt: 'a blue shirt', id: expect.any(String), processedAt: expect.any(String), scaleFactor: expect.any(Number) });
      expect(result.savedImage).toMatchObject({ generationType: 'vton', garmentId: garment.id, modelId: model.id, width: model.width, height: model.height });
      // The provider (VTON_API_URL alone: the §7 service) and its label, its model and the call's duration, on the result and the gallery
      // record; the service here is the built-in engine, which says so (the result is a preview).
      expect(result).toMatchObject({ provider: 'seed', providerLabel: 'VTON service', providerModel: 'vton-multipart', providerDurationMs: expect.any(Number), builtInEngine: true });
      expect(result.savedImage!.metadata).toEqual({
        processedAt: result.processedAt,
        scaleFactor: result.scaleFactor,
        provider: 'seed',
        providerLabel: 'VTON service',
        providerModel: 'vton-multipart',
        providerDurationMs: result.providerDurationMs,
        builtInEngine: true,
      });
      expect(result.imageUrl).toBe(result.savedImage!.imageUrl);

      const png = await download(platform.media.url, result.imageUrl);
      const meta = await sharp(png).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', model.width, model.height]);
      // Written by the worker straight to object storage, without metadata (sharp's pHYs left out).
      expect(pngChunkTypes(png).filter((type) => type !== 'IDAT')).toEqual(['IHDR', 'IEND']);
      const { bounds } = model.inpaint!;
      // The middle of the painted area shows the garment; a corner of the photo is as it was.
      expect(near(await pixelAt(png, Math.round(bounds.x + bounds.width / 2), Math.round(bounds.y + bounds.height / 2)), BLUE, 40)).toBe(true);
      expect(near(await pixelAt(png, 5, 5), SKIN, 3)).toBe(true);
    }

    const gallery = await request(platform.media.url).get('/api/generated-images').auth(token, { type: 'bearer' }).expect(200);
    const page = gallery.body as GeneratedImagesPage;
    expect(page.images.map((i) => i.id)).toEqual(expect.arrayContaining(results.map((r) => r.savedImage!.id)));
  });

  it('leaves out models that are not ready, and answers "No ready models available" when none is', async () => {
    const garment = await seed.croppedGarment();
    const notReady = await seed.model(await solidPng(300, 300, SKIN), { ready: false });
    const res = await generate({ garmentId: garment.id, modelIds: [notReady.id], prompt: '' }).expect(400);
    expect(res.body).toMatchObject({ statusCode: 400, code: 'INVALID_INPUT', message: 'No ready models available' });

    const ready = await seed.model(await solidPng(300, 300, SKIN));
    const mixed = await generate({ garmentId: garment.id, modelIds: [notReady.id, ready.id], prompt: '' }).expect(200);
    expect(mixed.body.results.map((r: { modelId: number }) => r.modelId)).toEqual([ready.id]);
  });

  it('refuses a garment that has not been cropped', async () => {
    const garment = await seed.uncroppedGarment();
    const model = await seed.model(await solidPng(300, 300, SKIN));
    const res = await generate({ garmentId: garment.id, modelIds: [model.id], prompt: '' }).expect(400);
    expect(res.body).toMatchObject({ code: 'INVALID_INPUT', message: `Garment ${garment.id} has not been cropped yet` });
  });

  it('answers 404 for a garment or model that does not exist or belongs to someone else', async () => {
    const garment = await seed.croppedGarment();
    const model = await seed.model(await solidPng(300, 300, SKIN));
    const res = await generate({ garmentId: 999_999, modelIds: [model.id], prompt: '' }).expect(404);
    expect(res.body).toMatchObject({ code: 'NOT_FOUND', message: 'Garment 999999 not found' });
    const missing = await generate({ garmentId: garment.id, modelIds: [model.id, 888_888], prompt: '' }).expect(404);
    expect(missing.body).toMatchObject({ code: 'NOT_FOUND', message: 'Model 888888 not found' });

    const stranger = await platform.token(102);
    await generate({ garmentId: garment.id, modelIds: [model.id], prompt: '' }, stranger).expect(404);
  });

  it('validates its body and requires a token', async () => {
    const res = await generate({ garmentId: 1, modelIds: [1], prompt: 42 }).expect(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', issues: [{ path: ['prompt'], message: expect.stringContaining('prompt') }] });
    await request(generation.url).post('/api/try-on/generate').send({ garmentId: 1, modelIds: [1] }).expect(401);
    const category = await generate({ garmentId: 1, modelIds: [1], garmentCategory: 'hats' }).expect(400);
    expect(category.body).toMatchObject({ code: 'VALIDATION_FAILED', message: 'garmentCategory must be one of upper_body, lower_body, full_body, product' });
  });

  it('refuses ids beyond the id columns’ range and control characters with 400 naming the field, before calling svc-media', async () => {
    const garmentBeyond = await generate({ garmentId: 2_147_483_648, modelIds: [1], prompt: '' }).expect(400);
    expect(garmentBeyond.body).toMatchObject({ code: 'VALIDATION_FAILED', message: 'garmentId must be a positive integer' });
    const modelBeyond = await generate({ garmentId: 1, modelIds: [1, 99_999_999_999], prompt: '' }).expect(400);
    expect(modelBeyond.body).toMatchObject({ code: 'VALIDATION_FAILED', message: 'each of modelIds must be a positive integer' });
    const nul = await generate({ garmentId: 1, modelIds: [1], prompt: 'red\u0000dress' }).expect(400);
    expect(nul.body).toMatchObject({ code: 'VALIDATION_FAILED', message: 'prompt must not contain control characters' });
  });

  it('answers 503 when svc-media cannot be reached', async () => {
    const cut = await platform.generation({ VTON_API_URL: engine.url, MEDIA_SERVICE_URL: 'http://127.0.0.1:9' });
    try {
      const res = await request(cut.url).post('/api/try-on/generate').auth(token, { type: 'bearer' }).send({ garmentId: 1, modelIds: [1] }).expect(503);
      expect(res.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: 'The media service is not reachable' });
    } finally {
      await cut.app.close();
    }
  });
});
