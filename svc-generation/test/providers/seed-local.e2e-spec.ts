import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { LocalProvider } from '../../src/providers/local/local.provider.js';
import { SeedProvider } from '../../src/providers/seed/seed.provider.js';
import { startLocalEngine } from '../helpers.js';
import { failureOf, sampleInput } from './provider-inputs.js';

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

  it('seed: sends the garment category beside §7’s fields; a service that is not the built-in engine is no preview', async () => {
    const seen: string[] = [];
    const png = await sharp({ create: { width: 960, height: 960, channels: 3, background: '#336699' } }).png().toBuffer();
    const service = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        seen.push(Buffer.concat(chunks).toString('latin1'));
        res.writeHead(200, { 'content-type': 'image/png' }).end(png);
      });
    });
    await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
    try {
      const seed = new SeedProvider({ url: `http://127.0.0.1:${(service.address() as AddressInfo).port}/v1/try-on`, timeoutMs: 10_000, maxResponseBytes: 50 * 1024 * 1024 });
      const output = await seed.tryOn(await sampleInput(seed, 'lower_body'));
      expect(output.builtInEngine).toBeUndefined();
      expect(seen[0]).toMatch(/name="category"\r\n\r\nlower_body\r\n/);
    } finally {
      await new Promise<void>((resolve) => service.close(() => resolve()));
    }
  });

  it('seed: a service that is not there is a retryable processing error', async () => {
    const seed = new SeedProvider({ url: 'http://127.0.0.1:9/v1/try-on', timeoutMs: 2000, maxResponseBytes: 1024 });
    expect(await failureOf(seed.tryOn(await sampleInput(seed)))).toMatchObject({ code: 'VTON_PROCESSING_ERROR', retryable: true });
  });
});
