import sharp from 'sharp';
import { LocalProvider } from '../../src/providers/local/local.provider.js';
import { SeedProvider } from '../../src/providers/seed/seed.provider.js';
import { startLocalEngine } from '../helpers.js';
import { failureOf, sampleInput } from './provider-inputs.js';

describe('the seed and local providers behind the same seam', () => {
  it('local: the built-in compositor answers the 960 square in this process', async () => {
    const local = new LocalProvider();
    const output = await local.tryOn(await sampleInput(local));
    const meta = await sharp(output.image).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 960, 960]);
    expect(output).toMatchObject({ provider: 'local', model: 'local-compositor' });
  });

  it('seed: spec §7’s multipart at VTON_API_URL, as today', async () => {
    const engine = await startLocalEngine();
    try {
      const seed = new SeedProvider({ url: engine.url, timeoutMs: 10_000, maxResponseBytes: 50 * 1024 * 1024 });
      const output = await seed.tryOn(await sampleInput(seed));
      expect((await sharp(output.image).metadata()).width).toBe(960);
      expect(output.provider).toBe('seed');
    } finally {
      await engine.close();
    }
  });

  it('seed: a service that is not there is a retryable processing error', async () => {
    const seed = new SeedProvider({ url: 'http://127.0.0.1:9/v1/try-on', timeoutMs: 2000, maxResponseBytes: 1024 });
    expect(await failureOf(seed.tryOn(await sampleInput(seed)))).toMatchObject({ code: 'VTON_PROCESSING_ERROR', retryable: true });
  });
});
