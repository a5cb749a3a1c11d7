import { WEBHOOKS_PATH, type GarmentRecord, type JobModelState, type ModelPhotoRecord, type RunCounts, type RunsPage, type TryOnJob, type TryOnRun } from '@vton/contracts';
import sharp from 'sharp';
import request from 'supertest';
import { DataSource } from 'typeorm';
import yauzl from 'yauzl';
import { JobStore } from '../src/jobs/job-store.js';
import { FakeDns } from './fake-dns.js';
import { FAULT_COLOURS, FaultyVton, MediaSeeder, OTHER_SELLER_COLOUR, Platform, solidPng, until, untilQueueQuiet, waitForJob, type App } from './helpers.js';
import { Receiver } from './webhook-receiver.js';

/** Every entry of a ZIP held in memory: its name and bytes (small archives only). */
async function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  const archive = await new Promise<yauzl.ZipFile>((resolve, reject) => yauzl.fromBuffer(zip, { lazyEntries: true }, (e, z) => (e ? reject(e) : resolve(z))));
  const entries = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    archive.on('entry', (entry: yauzl.Entry) => {
      archive.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          entries.set(entry.fileName, Buffer.concat(chunks));
          archive.readEntry();
        });
      });
    });
    archive.on('end', resolve);
    archive.on('error', reject);
    archive.readEntry();
  });
  return entries;
}

/** The manifest's rows as objects, read by RFC 4180 (quoted fields, doubled quotes). */
const manifestRows = (csv: Buffer) => {
  const lines = csv.toString('utf8').trim().split('\r\n');
  const fields = (line: string) => [...line.matchAll(/(?:^|,)(?:"((?:[^"]|"")*)"|([^,]*))/g)].map((m) => (m[1] !== undefined ? m[1].replaceAll('""', '"') : m[2]));
  const [header, ...rows] = lines.map(fields);
  return rows.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i]])));
};

/**
 * Catalogue runs end to end on the real API, worker, queue, Postgres, S3 and svc-media: a run of
 * products × model photos fills its grid, skips a model photo without the product category's mask,
 * retries and cancels cells, keeps to its limits, says `run.completed`, and downloads as one ZIP.
 */
describe('catalogue runs (real API, worker, queue, svc-media, Postgres, S3)', () => {
  const platform = new Platform();
  const vton = new FaultyVton(FAULT_COLOURS);
  const dns = new FakeDns();
  const receiver = new Receiver();
  let api: App;
  let worker: App;
  let token: string;
  let seed: MediaSeeder;
  const env = () => ({ VTON_API_URL: vton.url, VTON_CONCURRENCY: '2', WEBHOOKS_LOCAL_MODE: 'true', WEBHOOK_DNS_SERVERS: dns.server, WEBHOOK_RETRY_DELAYS_SECONDS: '1,1' });

  beforeAll(async () => {
    await platform.start();
    await vton.start();
    await dns.start();
    await receiver.start();
    api = await platform.generation(env());
    worker = await platform.worker(env());
    const email = `runs-${Date.now()}@example.com`;
    const [{ id }] = await platform.auth.app.get(DataSource).query(`INSERT INTO auth.users (email, password, "isEmailVerified") VALUES ($1, 'x', 'true') RETURNING id`, [email]);
    token = await platform.token(id, email);
    seed = new MediaSeeder(platform.media.url, token);
    await request(api.url).post(WEBHOOKS_PATH).auth(token, { type: 'bearer' }).send({ url: receiver.url, events: ['run.completed', 'model.succeeded'] }).expect(201);
  });

  beforeEach(() => {
    vton.healed.clear();
    vton.okDelayMs = 0;
  });

  afterAll(async () => {
    await worker?.app.close();
    await api?.app.close();
    await vton.stop();
    await receiver.stop();
    await dns.stop();
    await platform.stop();
  });

  const start = (body: object, app = api) => request(app.url).post('/api/try-on/runs').auth(token, { type: 'bearer' }).send(body);
  const read = async (id: string): Promise<TryOnRun> => (await request(api.url).get(`/api/try-on/runs/${id}`).auth(token, { type: 'bearer' }).expect(200)).body;
  const settled = async (id: string, timeoutMs = 60_000): Promise<TryOnRun> => {
    let run!: TryOnRun;
    await until(async () => (run = await read(id)).status === 'completed', `run ${id} completed`, timeoutMs);
    return run;
  };
  const archive = async (id: string): Promise<{ res: request.Response; entries: Map<string, Buffer> }> => {
    const res = await request(api.url)
      .get(`/api/try-on/runs/${id}/archive?access_token=${encodeURIComponent(token)}`)
      .buffer(true)
      .parse((r, done) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    return { res, entries: await unzip(res.body as Buffer) };
  };
  const okModel = (filename: string, width = 400, options: { category?: 'lower_body'; ready?: boolean } = {}) =>
    solidPng(width, 300, FAULT_COLOURS.ok).then((photo) => seed.model(photo, { filename, ...options }));

  it('2 products × 3 model photos give 6 results, a grid in order, a ZIP of 6 PNGs named by product and model, a manifest, and run.completed', async () => {
    const shirt = await seed.croppedGarment([200, 30, 30], { filename: 'Red shirt.jpg' });
    const tee = await seed.croppedGarment([30, 30, 200], { filename: 'Blue tee.png' });
    const models = [await okModel('anna.jpg', 400), await okModel('ben.png', 420), await okModel('chloe.webp', 440)];
    const created = await start({ garmentIds: [shirt.id, tee.id], modelIds: models.map((m) => m.id), prompt: 'studio light' }).expect(201);
    const run = created.body as TryOnRun;
    expect(run).toMatchObject({ id: expect.any(String), prompt: 'studio light', status: 'running', garmentIds: [shirt.id, tee.id], modelIds: models.map((m) => m.id), createdAt: expect.any(String) });
    expect(run.counts.total).toBe(6);
    // Products as rows, model photos as columns.
    expect(run.cells.map((c) => [c.garmentId, c.modelId])).toEqual([shirt, tee].flatMap((g) => models.map((m) => [g.id, m.id])));
    for (const cell of run.cells) {
      expect(cell).toMatchObject({ id: expect.any(Number), category: 'upper_body', result: null, error: null });
      expect(['queued', 'running']).toContain(cell.state);
    }

    const done = await settled(run.id);
    expect(done.counts).toEqual({ total: 6, queued: 0, running: 0, succeeded: 6, failed: 0, skipped: 0, canceled: 0 });
    for (const cell of done.cells) {
      expect(cell.result).toMatchObject({ garmentId: cell.garmentId, modelId: cell.modelId, prompt: 'studio light', imageUrl: expect.stringContaining('/api/media/files/') });
      expect(cell.result!.savedImage).toMatchObject({ generationType: 'vton', garmentId: cell.garmentId, modelId: cell.modelId });
    }
    // The run's jobs are not the seller's last Try on: the studio's workspace has none to bring back.
    await request(api.url).get('/api/try-on/jobs/latest').auth(token, { type: 'bearer' }).expect(204);
    // The run is listed, newest first, with its counts.
    const page = (await request(api.url).get('/api/try-on/runs').auth(token, { type: 'bearer' }).expect(200)).body as RunsPage;
    expect(page.runs[0]).toMatchObject({ id: run.id, status: 'completed', counts: { succeeded: 6 } });
    expect(page.runs[0]).not.toHaveProperty('cells');

    const { res, entries } = await archive(run.id);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="catalogue-run-${run.id.slice(0, 8)}.zip"`);
    const pngs = ['Red shirt', 'Blue tee'].flatMap((p) => ['anna', 'ben', 'chloe'].map((m) => `${p}__${m}.png`));
    expect([...entries.keys()].sort()).toEqual([...pngs, 'manifest.csv'].sort());
    // Each is the full-resolution result, byte for byte what the gallery keeps.
    for (const cell of done.cells) {
      const name = `${cell.garmentId === shirt.id ? 'Red shirt' : 'Blue tee'}__${models.find((m) => m.id === cell.modelId)!.filename.replace(/\..*$/, '')}.png`;
      const gallery = Buffer.from(await (await fetch(new URL(cell.result!.imageUrl, platform.media.url))).arrayBuffer());
      expect(Buffer.compare(entries.get(name)!, gallery)).toBe(0);
      expect(await sharp(entries.get(name)!).metadata()).toMatchObject({ format: 'png', width: models.find((m) => m.id === cell.modelId)!.width, height: 300 });
    }
    expect(manifestRows(entries.get('manifest.csv')!)).toEqual(
      ['Red shirt', 'Blue tee'].flatMap((product) =>
        ['anna.jpg', 'ben.png', 'chloe.webp'].map((model) => ({ product, model, category: 'Upper body', state: 'succeeded', file: `${product}__${model.replace(/\..*$/, '')}.png`, error: '' })),
      ),
    );

    // run.completed, once, with the counts; each cell's model.succeeded names the run and the cell.
    await until(() => receiver.of('run.completed').some((d) => JSON.parse(d.body).data.id === run.id), 'run.completed delivered');
    const completed = receiver.of('run.completed').filter((d) => JSON.parse(d.body).data.id === run.id);
    expect(completed).toHaveLength(1);
    expect(JSON.parse(completed[0].body).data).toMatchObject({ id: run.id, status: 'completed', counts: { total: 6, succeeded: 6 } });
    const cellEvents = () => receiver.of('model.succeeded').map((d) => JSON.parse(d.body).data).filter((d) => d.runId === run.id);
    await until(() => cellEvents().length === 6, 'a model.succeeded for each cell');
    expect(cellEvents().map((d) => d.cellId).sort()).toEqual(done.cells.map((c) => c.id).sort());
  }, 120_000);

  it('skips a model photo without a mask for the product’s category, with the reason; retrying it once the mask is there runs it', async () => {
    const top = await seed.croppedGarment([200, 30, 30], { filename: 'top.png' });
    const chinos = await seed.croppedGarment([120, 100, 60], { filename: 'chinos.png', category: 'lower_body' });
    const both = await okModel('both.png');
    await seed.mask(both, { left: 100, top: 150, width: 200, height: 140 }, 'lower_body');
    const upperOnly = await okModel('upper-only.png');
    const created = (await start({ garmentIds: [top.id, chinos.id], modelIds: [both.id, upperOnly.id], prompt: '' }).expect(201)).body as TryOnRun;
    const skipped = created.cells.find((c) => c.garmentId === chinos.id && c.modelId === upperOnly.id)!;
    expect(skipped).toMatchObject({ state: 'skipped', category: 'lower_body', attempts: 0, result: null, error: { code: 'MASK_MISSING', message: 'Model photo "upper-only.png" has no approved mask for Lower body' } });

    const done = await settled(created.id);
    expect(done.counts).toMatchObject({ total: 4, succeeded: 3, skipped: 1 });
    // The trousers went on with the lower body mask: their result differs from the top's only inside it.
    const { entries } = await archive(created.id);
    expect([...entries.keys()].sort()).toEqual(['chinos__both.png', 'manifest.csv', 'top__both.png', 'top__upper-only.png']);
    expect(manifestRows(entries.get('manifest.csv')!).find((r) => r.model === 'upper-only.png' && r.product === 'chinos')).toEqual({
      product: 'chinos',
      model: 'upper-only.png',
      category: 'Lower body',
      state: 'skipped',
      file: '',
      error: 'Model photo "upper-only.png" has no approved mask for Lower body',
    });

    // Still no mask: a retry says why.
    const refused = await request(api.url).post(`/api/try-on/runs/${created.id}/cells/${skipped.id}/retry`).auth(token, { type: 'bearer' }).expect(409);
    expect(refused.body.message).toBe('Model photo "upper-only.png" has no approved mask for Lower body');
    await seed.mask(upperOnly, { left: 100, top: 150, width: 200, height: 140 }, 'lower_body');
    const retried = (await request(api.url).post(`/api/try-on/runs/${created.id}/cells/${skipped.id}/retry`).auth(token, { type: 'bearer' }).expect(200)).body as TryOnRun;
    expect(['queued', 'running']).toContain(retried.cells.find((c) => c.id === skipped.id)!.state);
    const again = await settled(created.id);
    expect(again.counts).toMatchObject({ succeeded: 4, skipped: 0 });
  }, 120_000);

  it('names each archive entry safely and once: unsafe characters, leading dots and long names made safe, clashing names numbered, and manifest.csv names exactly those files', async () => {
    const rename = async (garment: GarmentRecord, name: string) =>
      (await request(platform.media.url).patch(`/api/garments/${garment.id}`).auth(token, { type: 'bearer' }).send({ name }).expect(200)).body as GarmentRecord;
    const longName = 'リネンシャツ'.repeat(20); // 120 characters, 360 bytes of UTF-8
    const names = ['a/b:c', 'a:b/c', '../../etc/passwd', '...', longName, 'कुर्ता'];
    const products: GarmentRecord[] = [];
    for (const [i, name] of names.entries()) products.push(await rename(await seed.croppedGarment([40 * i, 30, 200], { filename: `p${i}.png` }), name));
    expect(products.map((p) => p.name)).toEqual(names);
    // Two model photos whose names clash once made safe, told apart by case only, and one with a long name.
    const longModel = `${'モデル写真'.repeat(30)}.jpg`; // 150 characters before its extension, 450 bytes
    const modelNames = ['ANNA?.png', '..anna*.png', longModel];
    const models = [await okModel(modelNames[0], 400), await okModel(modelNames[1], 410), await okModel(modelNames[2], 420)];
    const run = (await start({ garmentIds: products.map((p) => p.id), modelIds: models.map((m) => m.id), prompt: '' }).expect(201)).body as TryOnRun;
    expect((await settled(run.id)).counts).toMatchObject({ total: 18, succeeded: 18 });

    const { entries } = await archive(run.id);
    // A long name keeps its first 120 bytes of UTF-8 (40 of these characters): product, model, a number and .png stay within 255.
    const [longP, longM] = ['リネンシャツ'.repeat(6) + 'リネンシ', 'モデル写真'.repeat(8)];
    const files = [...entries.keys()];
    expect(files).toEqual([
      ...['a-b-c__ANNA-.png', 'a-b-c__anna- (2).png', `a-b-c__${longM}.png`],
      ...['a-b-c__ANNA- (3).png', 'a-b-c__anna- (4).png', `a-b-c__${longM} (2).png`],
      ...['etc-passwd__ANNA-.png', 'etc-passwd__anna- (2).png', `etc-passwd__${longM}.png`],
      ...[`product-${products[3].id}__ANNA-.png`, `product-${products[3].id}__anna- (2).png`, `product-${products[3].id}__${longM}.png`],
      ...[`${longP}__ANNA-.png`, `${longP}__anna- (2).png`, `${longP}__${longM}.png`],
      ...['कुर्ता__ANNA-.png', 'कुर्ता__anna- (2).png', `कुर्ता__${longM}.png`],
      'manifest.csv',
    ]);
    for (const name of files) {
      // Extracts on any system: no folders, no characters Windows refuses, not hidden, within the 255 bytes of a file name.
      // eslint-disable-next-line no-control-regex -- control characters are what it looks for
      expect(name).not.toMatch(/[/\\:*?"<>|\u0000-\u001f]|^\./);
      expect(Buffer.byteLength(name)).toBeLessThanOrEqual(255);
    }
    // Unique even where the file system ignores case.
    expect(new Set(files.map((n) => n.toLowerCase())).size).toBe(files.length);
    // The manifest names each cell's product and model as the seller named them, and its file exactly as in the ZIP.
    const rows = manifestRows(entries.get('manifest.csv')!);
    expect(rows.map((r) => [r.product, r.model, r.file])).toEqual(names.flatMap((product, i) => modelNames.map((model, j) => [product, model, files[3 * i + j]])));
  }, 180_000);

  it('retries one failed cell, then every failed cell; a cell that has not failed cannot be retried', async () => {
    const garment = await seed.croppedGarment();
    const bad = [await seed.model(await solidPng(400, 300, FAULT_COLOURS.error400), { filename: 'bad-1.png' }), await seed.model(await solidPng(420, 300, FAULT_COLOURS.error400), { filename: 'bad-2.png' })];
    const good = await okModel('good.png');
    const run = (await start({ garmentIds: [garment.id], modelIds: [good.id, ...bad.map((m) => m.id)], prompt: 'p' }).expect(201)).body as TryOnRun;
    const failedOnce = await settled(run.id);
    expect(failedOnce.counts).toMatchObject({ succeeded: 1, failed: 2 });
    const [first, second] = failedOnce.cells.filter((c) => c.state === 'failed');
    expect(first.error).toMatchObject({ code: 'VTON_API_ERROR', message: 'VTON API request failed: 400 Bad Request. mask is empty' });
    const succeeded = failedOnce.cells.find((c) => c.state === 'succeeded')!;
    expect((await request(api.url).post(`/api/try-on/runs/${run.id}/cells/${succeeded.id}/retry`).auth(token, { type: 'bearer' }).expect(409)).body.message).toBe(
      `Cell ${succeeded.id} is succeeded; only a failed, skipped or cancelled cell can be retried`,
    );
    await request(api.url).post(`/api/try-on/runs/${run.id}/cells/999999/retry`).auth(token, { type: 'bearer' }).expect(404);

    vton.healed.add('error400');
    await request(api.url).post(`/api/try-on/runs/${run.id}/cells/${first.id}/retry`).auth(token, { type: 'bearer' }).expect(200);
    const one = await settled(run.id);
    expect(one.cells.find((c) => c.id === first.id)).toMatchObject({ state: 'succeeded', attempts: 2, error: null });
    expect(one.cells.find((c) => c.id === second.id)!.state).toBe('failed');

    await request(api.url).post(`/api/try-on/runs/${run.id}/retry-failed`).auth(token, { type: 'bearer' }).expect(200);
    expect((await settled(run.id)).counts).toMatchObject({ succeeded: 3, failed: 0 });
  }, 120_000);

  it('cancels the rest of a run: unfinished cells are canceled, finished ones keep their results, and the run completes', async () => {
    const garment = await seed.croppedGarment();
    const models = [await okModel('c1.png', 400), await okModel('c2.png', 410), await okModel('c3.png', 420), await okModel('c4.png', 430), await okModel('c5.png', 440)];
    // Only this test's cells reach the engine from here: its calls are the ones counted.
    await untilQueueQuiet(api.app.get(DataSource), vton, 'no model of an earlier test is queued, running or at the engine');
    const callsBefore = vton.started.length;
    // The engine holds every answer until answerPaused(): a cell finishes only when the test lets it.
    vton.okDelayMs = 600_000;
    let run: TryOnRun | undefined;
    try {
      run = (await start({ garmentIds: [garment.id], modelIds: models.map((m) => m.id), prompt: '' }).expect(201)).body as TryOnRun;
      const runId = run.id;
      let counts!: RunCounts;
      const seen = () => `${JSON.stringify(counts)}, ${vton.inFlight} engine call(s) open`;
      // Two cells held at the engine (VTON_CONCURRENCY=2), three waiting.
      await until(
        async () => ((counts = (await read(runId)).counts), counts.running === 2 && counts.queued === 3 && vton.inFlight === 2),
        () => `two cells running at the engine, three waiting (${seen()})`,
        120_000,
      );
      // Their answers go back: two cells succeed, the next two are claimed and held in turn, the last one waits.
      vton.answerPaused();
      await until(
        async () => ((counts = (await read(runId)).counts), counts.succeeded === 2 && counts.running === 2 && counts.queued === 1 && vton.inFlight === 2),
        () => `two cells succeeded, the next two at the engine, one waiting (${seen()})`,
        120_000,
      );
      const before = await read(runId);

      const canceled = (await request(api.url).post(`/api/try-on/runs/${runId}/cancel`).auth(token, { type: 'bearer' }).expect(200)).body as TryOnRun;
      expect(canceled.status).toBe('completed');
      expect(canceled.counts).toEqual({ total: 5, queued: 0, running: 0, succeeded: 2, failed: 0, skipped: 0, canceled: 3 });
      // The finished cells keep their results; the running and the waiting ones are canceled, with the reason.
      for (const [i, cell] of canceled.cells.entries()) {
        const was = before.cells[i];
        if (was.state === 'succeeded') expect(cell).toMatchObject({ state: 'succeeded', error: null, result: { savedImage: { id: was.result!.savedImage!.id } } });
        else expect(cell).toMatchObject({ state: 'canceled', result: null, error: { code: 'CANCELED', message: 'Cancelled by the seller before it finished' } });
      }
      // The running ones are stopped: the engine still holds its answers, so only the worker hanging up closes their calls.
      await until(() => vton.inFlight === 0, () => `the canceled cells' calls closed by the worker (${vton.inFlight} open)`, 60_000);
      // Deliveries go oldest first: here run.completed comes after the earlier tests' model.succeeded events (with one delivery
      // lane a worker, polled every second, that took 21–28 s in this file at loads 10–28); the bound is for a failure only.
      await until(() => receiver.of('run.completed').some((d) => JSON.parse(d.body).data.id === runId), 'run.completed delivered after the cancel', 120_000);
      expect(receiver.of('run.completed').map((d) => JSON.parse(d.body).data).filter((d) => d.id === runId)).toEqual([
        expect.objectContaining({ status: 'completed', counts: canceled.counts }),
      ]);
      // Nothing more ran: the cells are as the cancel left them, and the waiting cell never reached the engine (4 calls, not 5).
      expect((await read(runId)).cells.map((c) => c.state)).toEqual(canceled.cells.map((c) => c.state));
      expect(vton.started.length - callsBefore).toBe(4);
    } finally {
      // Nothing left behind whatever failed: the run cancelled (again, a no-op if it was), every held answer sent.
      if (run) await request(api.url).post(`/api/try-on/runs/${run.id}/cancel`).auth(token, { type: 'bearer' }).expect(200);
      vton.okDelayMs = 0;
      vton.answerPaused();
      await untilQueueQuiet(api.app.get(DataSource), vton, 'the queue quiet again');
    }
  }, 300_000);

  it('a result recorded after the seller cancelled its cell does not undo the cancel (no model.succeeded, the cell stays canceled)', async () => {
    const garment = await seed.croppedGarment();
    const model = await okModel('late.png', 400);
    // The engine holds its answer: the cell is running when the seller cancels.
    vton.okDelayMs = 60_000;
    const run = (await start({ garmentIds: [garment.id], modelIds: [model.id], prompt: '' }).expect(201)).body as TryOnRun;
    await until(async () => (await read(run.id)).counts.running === 1, 'the cell running', 30_000);
    await request(api.url).post(`/api/try-on/runs/${run.id}/cancel`).auth(token, { type: 'bearer' }).expect(200);
    const [cell] = await api.app
      .get(DataSource)
      .query(`SELECT m.job_id AS "jobId", m.model_id AS "modelId", m.run FROM try_on_job_models m JOIN try_on_jobs j ON j.id = m.job_id WHERE j.run_id = $1`, [run.id]);
    // What the worker does when the engine's answer was already on its way as the cancel came.
    const late = await worker.app.get(JobStore).recordSuccess(cell, { id: 'late', imageUrl: '/late.png', modelId: model.id, garmentId: garment.id, prompt: '', processedAt: new Date().toISOString() });
    expect(late).toEqual({ recorded: false, jobEnded: false });
    const after = await read(run.id);
    expect(after.cells[0]).toMatchObject({ state: 'canceled', result: null, error: { code: 'CANCELED' } });
    expect(after.counts).toMatchObject({ succeeded: 0, canceled: 1 });
    await until(() => receiver.of('run.completed').some((d) => JSON.parse(d.body).data.id === run.id), 'run.completed delivered after the cancel');
    // The outbox holds the cancel only (its trigger writes in the outcome's own transaction), so no model.succeeded is ever sent.
    const events = await api.app.get(DataSource).query(`SELECT state FROM webhook_events WHERE job_id = $1 ORDER BY id`, [cell.jobId]);
    expect(events.map((e: { state: string }) => e.state)).toEqual(['canceled']);
    expect(receiver.of('model.succeeded').filter((d) => JSON.parse(d.body).data.runId === run.id)).toEqual([]);
  }, 120_000);

  it('fairness: another seller’s single try-on, sent while a 20 × 10 run holds both slots, takes the next free slot ahead of the run’s 198 waiting cells', async () => {
    const garments: GarmentRecord[] = [];
    for (let i = 0; i < 20; i++) garments.push(await seed.croppedGarment([10 * i, 30, 200], { filename: `fair-${i + 1}.png` }));
    const models: ModelPhotoRecord[] = [];
    for (let i = 0; i < 10; i++) models.push(await okModel(`fair-${i + 1}.png`, 400 + 2 * i));
    const other = await platform.token(987_655);
    const otherSeed = new MediaSeeder(platform.media.url, other);
    const otherGarment = await otherSeed.croppedGarment();
    const otherModel = await otherSeed.model(await solidPng(400, 300, OTHER_SELLER_COLOUR));
    const otherModelState = async (jobId: string): Promise<JobModelState> =>
      ((await request(api.url).get(`/api/try-on/jobs/${jobId}`).auth(other, { type: 'bearer' }).expect(200)).body as TryOnJob).models[0].state;

    // Only this test's work holds the slots: an earlier test's model still running or at the engine would take one.
    await untilQueueQuiet(api.app.get(DataSource), vton, 'no model of an earlier test is queued, running or at the engine');
    // The engine holds every answer until answerPaused(): a slot changes hands only when the test lets it.
    vton.okDelayMs = 600_000;
    let run: TryOnRun | undefined;
    let job: TryOnJob | undefined;
    try {
      run = (await start({ garmentIds: garments.map((g) => g.id), modelIds: models.map((m) => m.id), prompt: '' }).expect(201)).body as TryOnRun;
      expect(run.counts.total).toBe(200);
      const runId = run.id;
      // The run's first wave: two cells claimed (VTON_CONCURRENCY=2) and their calls held at the engine, 198 waiting.
      await until(async () => (await read(runId)).counts.running === 2 && vton.inFlight === 2, 'the run’s first two cells hold both slots at the engine', 180_000);

      job = (await request(api.url).post('/api/try-on/jobs').auth(other, { type: 'bearer' }).send({ garmentId: otherGarment.id, modelIds: [otherModel.id], prompt: '' }).expect(201))
        .body as TryOnJob;
      const jobId = job.id;
      // The two held answers go back: both slots free, and whatever is claimed next is held again, so the next wave stays as claimed.
      vton.answerPaused();
      let counts!: RunCounts;
      let otherState!: JobModelState;
      await until(
        async () => {
          counts = (await read(runId)).counts;
          otherState = await otherModelState(jobId);
          return counts.succeeded === 2 && counts.running + (otherState === 'running' ? 1 : 0) === 2;
        },
        'the first wave answered and both freed slots claimed again',
        180_000,
      );
      // Start-time fair queuing: the other seller's model has the tag of the run's next cell and, new to the queue, goes
      // first on equal tags, so it takes a freed slot and one cell of the run the other. First in, first out would have
      // given both slots to the run, and the other seller's model would wait behind all 198 of its cells.
      expect({ otherSellersModel: otherState, run: counts }).toEqual({ otherSellersModel: 'running', run: { total: 200, succeeded: 2, running: 1, queued: 197, failed: 0, skipped: 0, canceled: 0 } });
    } finally {
      // Nothing left behind: the rest of the run cancelled (its running cell stopped), every held answer sent.
      if (run) await request(api.url).post(`/api/try-on/runs/${run.id}/cancel`).auth(token, { type: 'bearer' }).expect(200);
      vton.okDelayMs = 0;
      vton.answerPaused();
      await untilQueueQuiet(api.app.get(DataSource), vton, 'the queue quiet again');
    }
    // The other seller's try-on ended as theirs always does; the run kept its two results.
    expect((await waitForJob(api.url, other, job!.id, (j) => j.status !== 'running')).models[0]).toMatchObject({ state: 'succeeded', attempts: 1 });
    expect((await read(run!.id)).counts).toMatchObject({ succeeded: 2, canceled: 198 });
  }, 900_000);

  it('keeps to MAX_RUN_CELLS: 400 for a run above it, 429 beyond it waiting (jobs are still taken)', async () => {
    const limited = await platform.generation({ ...env(), MAX_RUN_CELLS: '4' });
    try {
      const garments = [await seed.croppedGarment(), await seed.croppedGarment()];
      const models = [await okModel('l1.png', 400), await okModel('l2.png', 410), await okModel('l3.png', 420)];
      const tooBig = await start({ garmentIds: garments.map((g) => g.id), modelIds: models.map((m) => m.id), prompt: '' }, limited).expect(400);
      expect(tooBig.body).toMatchObject({ code: 'INVALID_INPUT', message: 'A run may have at most 4 cells (products × model photos); this one has 6 (2 × 3). Split it into smaller runs.' });

      vton.okDelayMs = 3000;
      const first = (await start({ garmentIds: garments.map((g) => g.id), modelIds: [models[0].id, models[1].id], prompt: '' }, limited).expect(201)).body as TryOnRun;
      // At most 2 of its cells run at once (VTON_CONCURRENCY), so at least 2 wait: 3 more is over 4.
      const refused = await start({ garmentIds: [garments[0].id], modelIds: models.map((m) => m.id), prompt: '' }, limited).expect(429);
      expect(refused.body.message).toMatch(/^Too many catalogue cells waiting: this account has [234] cells queued and this request adds 3, more than the 4 allowed at once\. Try again when some have finished\.$/);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // A single try-on is counted apart: the studio still works while a catalogue waits.
      await request(limited.url).post('/api/try-on/jobs').auth(token, { type: 'bearer' }).send({ garmentId: garments[0].id, modelIds: [models[2].id], prompt: '' }).expect(201);
      await request(limited.url).post(`/api/try-on/runs/${first.id}/cancel`).auth(token, { type: 'bearer' }).expect(200);
    } finally {
      await limited.app.close();
    }
  }, 120_000);

  it('checks what it is given: products and model photos must be the seller’s, products cropped; another seller sees no run', async () => {
    const garment = await seed.croppedGarment();
    const uncropped = (await seed.uncroppedGarment()) as GarmentRecord;
    const model = (await okModel('check.png')) as ModelPhotoRecord;
    expect((await start({ garmentIds: [garment.id], modelIds: [2_000_000_000], prompt: '' }).expect(404)).body.message).toBe('Model 2000000000 not found');
    expect((await start({ garmentIds: [2_000_000_000], modelIds: [model.id], prompt: '' }).expect(404)).body.message).toBe('Garment 2000000000 not found');
    expect((await start({ garmentIds: [uncropped.id], modelIds: [model.id], prompt: '' }).expect(400)).body.message).toBe(`Garment ${uncropped.id} has not been cropped yet`);
    expect((await start({ garmentIds: [], modelIds: [model.id], prompt: '' }).expect(400)).body.message).toBe('garmentIds must name at least one product');
    expect((await start({ garmentIds: [garment.id], modelIds: [model.id], prompt: '', prompts: [{ garmentId: uncropped.id, prompt: 'x' }] }).expect(400)).body.message).toBe(
      `prompts names garment ${uncropped.id}, which is not in garmentIds`,
    );

    // A product's own prompt.
    const run = (await start({ garmentIds: [garment.id], modelIds: [model.id], prompt: 'run prompt', prompts: [{ garmentId: garment.id, prompt: 'its own' }] }).expect(201)).body as TryOnRun;
    expect((await settled(run.id)).cells[0].result).toMatchObject({ prompt: 'its own' });
    const other = await platform.token(987_654);
    await request(api.url).get(`/api/try-on/runs/${run.id}`).auth(other, { type: 'bearer' }).expect(404);
    await request(api.url).get(`/api/try-on/runs/${run.id}/archive`).auth(other, { type: 'bearer' }).expect(404);
    await request(api.url).post(`/api/try-on/runs/${run.id}/cancel`).auth(other, { type: 'bearer' }).expect(404);
    await request(api.url).get('/api/try-on/runs/not-a-run').auth(token, { type: 'bearer' }).expect(404);
    await request(api.url).get(`/api/try-on/runs/${run.id}/archive`).expect(401);
  }, 120_000);
});
