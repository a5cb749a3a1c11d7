import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { boundaryOf, parseMultipart } from '../../src/local-engine/multipart.js';
import { LocalProvider } from '../../src/providers/local/local.provider.js';
import { placementInstruction } from '../../src/providers/placement-instruction.js';
import { SeedProvider } from '../../src/providers/seed/seed.provider.js';
import { startLocalEngine } from '../helpers.js';
import { failureOf, PRODUCT_PROMPT, sampleInput } from './provider-inputs.js';

describe('the seed and local providers behind the same seam', () => {
  it('local: the built-in engine answers in this process, at the inpaint crop’s own size', async () => {
    const local = new LocalProvider();
    const output = await local.tryOn(await sampleInput(local));
    const meta = await sharp(output.image).metadata();
    // sampleInput's bounds are 600 × 600 on the photo
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 600, 600]);
    expect(output).toMatchObject({ provider: 'local', model: 'local-compositor', builtInEngine: true });
  });

  // The engine runs in this process, where jest's module sandbox makes its pixel loops many times
  // slower than in the vton-engine app: the call gets minutes, not the 10 s of the other cases.
  it('seed: spec §7’s multipart at VTON_API_URL, as today', async () => {
    const engine = await startLocalEngine();
    try {
      const seed = new SeedProvider({ url: engine.url, timeoutMs: 170_000, maxResponseBytes: 50 * 1024 * 1024 });
      const output = await seed.tryOn(await sampleInput(seed));
      expect((await sharp(output.image).metadata()).width).toBe(960);
      // The built-in engine behind VTON_API_URL says that it is: the result is recorded as a preview.
      expect(output).toMatchObject({ provider: 'seed', builtInEngine: true });
    } finally {
      await engine.close();
    }
  }, 180_000);

  /** A §7 service that is not the built-in engine: it records each request's fields and answers a 960 square. */
  async function recordingService() {
    const seen: Record<string, string>[] = [];
    const png = await sharp({ create: { width: 960, height: 960, channels: 3, background: '#336699' } }).png().toBuffer();
    const service = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const parts = parseMultipart(Buffer.concat(chunks), boundaryOf(req.headers['content-type'])!);
        seen.push(Object.fromEntries(parts.filter((p) => !p.filename).map((p) => [p.name, p.data.toString('utf8')])));
        res.writeHead(200, { 'content-type': 'image/png' }).end(png);
      });
    });
    await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
    const seed = new SeedProvider({ url: `http://127.0.0.1:${(service.address() as AddressInfo).port}/v1/try-on`, timeoutMs: 10_000, maxResponseBytes: 50 * 1024 * 1024 });
    return { seed, seen, close: () => new Promise<void>((resolve) => service.close(() => resolve())) };
  }

  it('seed: sends the garment category beside §7’s fields; a service that is not the built-in engine is no preview', async () => {
    const { seed, seen, close } = await recordingService();
    try {
      const output = await seed.tryOn(await sampleInput(seed, 'lower_body'));
      expect(output.builtInEngine).toBeUndefined();
      expect(seen[0]).toMatchObject({ category: 'lower_body', width: '960', height: '960' });
    } finally {
      await close();
    }
  });

  it('seed: a product job sends the placement instruction with the seller’s prompt as §7’s prompt; a garment job the seller’s prompt as it is', async () => {
    const { seed, seen, close } = await recordingService();
    try {
      await seed.tryOn(await sampleInput(seed, 'product'));
      await seed.tryOn(await sampleInput(seed, 'upper_body'));
      expect(seen.map((fields) => [fields.category, fields.prompt])).toEqual([
        ['product', placementInstruction(PRODUCT_PROMPT, 'third-image')],
        ['upper_body', 'a red shirt'],
      ]);
      // What the service is told: the one instruction every placement engine gets, the seller's prompt as their direction.
      expect(seen[0].prompt).toMatch(/^Place the product from the second image into the first image, inside the region that the third image marks in white\. /);
      expect(seen[0].prompt).toContain(`The seller's direction: ${PRODUCT_PROMPT}`);
    } finally {
      await close();
    }
  });

  it('seed: a service that is not there is a retryable processing error', async () => {
    const seed = new SeedProvider({ url: 'http://127.0.0.1:9/v1/try-on', timeoutMs: 2000, maxResponseBytes: 1024 });
    expect(await failureOf(seed.tryOn(await sampleInput(seed)))).toMatchObject({ code: 'VTON_PROCESSING_ERROR', retryable: true });
  });
});
