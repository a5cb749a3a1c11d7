import { INTERNAL_MEDIA_PATHS, SERVICE_CREDENTIAL } from '@vton/contracts';
import { SignJWT } from 'jose';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { bearer, jpeg, mask, MediaHarness, png } from '../test/helpers.js';

/**
 * Issue 19's result save for BENCHMARKS.md: a worker's 3840×2160 result (the PNG svc-generation
 * encodes, ~9.7 MiB, and its WebP thumbnail) sent to POST /internal/media/try-on-results as the
 * worker sends it, checked and stored in the real S3 server (streamed in 5 MB parts), its rows in
 * the real Postgres. Prints the median time of the request; there is no floor (no pixel work).
 */
const SECRET = randomBytes(32).toString('base64url');
const ROUNDS = Number(process.env.BENCH_ROUNDS || 15);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

it('svc-media result save benchmark', async () => {
  const harness = await new MediaHarness().start({ GENERATION_SERVICE_SECRET: SECRET, MAX_UPLOAD_BYTES: String(50 * 2 ** 20), MAX_UPLOAD_REQUEST_BYTES: String(100 * 2 ** 20) });
  try {
    const owner = await harness.seller();
    const ok = (res: { status: number; text: string }) => {
      if (res.status >= 300) throw new Error(`setup failed: ${res.status} ${res.text}`);
    };
    let garment = (await harness.http().post('/api/garments').set(bearer(owner)).attach('file', await jpeg(1200, 900), 'g.jpg').expect(ok)).body;
    garment = (
      await harness.http().post(`/api/garments/${garment.id}/crop`).set(bearer(owner)).send({ x: 0, y: 0, width: 900, height: 900, naturalWidth: 1200, naturalHeight: 900 }).expect(ok)
    ).body;
    let model = (await harness.http().post('/api/models').set(bearer(owner)).attach('files', await png(800, 600), 'm.png').expect(ok)).body[0];
    const painted = await mask(800, 600, [{ left: 200, top: 100, width: 300, height: 300 }]);
    model = (await harness.http().post(`/api/models/${model.id}/mask`).set(bearer(owner)).attach('mask', painted, 'mask.png').expect(ok)).body;
    // A photo-like result (gradients plus grain), encoded as svc-generation encodes it.
    const [w, h] = [3840, 2160];
    const raw = Buffer.alloc(w * h * 3);
    let seed = 12345;
    for (let y = 0, i = 0; y < h; y++) {
      for (let x = 0; x < w; x++, i += 3) {
        seed = (seed * 1103515245 + 12345) & 0x7fffffff;
        const grain = (seed >> 16) % 9;
        raw[i] = Math.min(255, 120 + (x * 90) / w + grain);
        raw[i + 1] = Math.min(255, 100 + (y * 80) / h + grain);
        raw[i + 2] = Math.min(255, 90 + ((x + y) * 40) / (w + h) + grain);
      }
    }
    const result = await sharp(raw, { raw: { width: w, height: h, channels: 3 } }).png({ compressionLevel: 3, adaptiveFiltering: false }).toBuffer();
    const thumb = await sharp(raw, { raw: { width: w, height: h, channels: 3 } }).resize(400, 400, { fit: 'inside' }).webp().toBuffer();
    const now = Math.floor(Date.now() / 1000);
    // svc-generation's service credential, as its workers sign it.
    const credential = await new SignJWT({ job: 'b5bd43a8-1a47-4d2c-9c54-0e0a7f9d2a11' })
      .setProtectedHeader({ alg: SERVICE_CREDENTIAL.algorithm })
      .setIssuer(SERVICE_CREDENTIAL.issuer)
      .setAudience(SERVICE_CREDENTIAL.audience)
      .setSubject(String(owner.id))
      .setIssuedAt(now)
      .setExpirationTime(now + 300)
      .sign(new TextEncoder().encode(SECRET));
    const times: number[] = [];
    for (let round = 0; round <= ROUNDS; round++) {
      const form = new FormData();
      form.set('file', new Blob([new Uint8Array(result)], { type: 'image/png' }), 'r.png');
      form.append('file', new Blob([new Uint8Array(thumb)], { type: 'image/webp' }), 'thumbnail.webp');
      form.set('garmentId', String(garment.id));
      form.set('modelId', String(model.id));
      form.set('prompt', 'bench');
      form.set('metadata', JSON.stringify({ processedAt: new Date().toISOString() }));
      form.set('idempotencyKey', `try-on:bench:${round}:${now}`);
      const started = performance.now();
      const res = await fetch(`${harness.media.url}${INTERNAL_MEDIA_PATHS.tryOnResults}`, { method: 'POST', body: form, headers: { authorization: `Bearer ${credential}` } });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`save ${res.status}`);
      if (round > 0) times.push(performance.now() - started);
    }
    process.stdout.write(
      `\nsvc-media result save — ${os.cpus().length} cores, load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}\n` +
        `A 3840×2160 result (${(result.length / 2 ** 20).toFixed(1)} MiB PNG + WebP thumbnail) saved through the internal route, ${ROUNDS} rounds after a warm-up:\n` +
        `    median ${median(times).toFixed(0)} ms   [${times.map((t) => t.toFixed(0)).join(', ')}]\n`,
    );
  } finally {
    await harness.stop();
  }
});
