import { callProvider, type ProviderCallPolicy } from '../../src/providers/call-provider.js';
import { FashnProvider } from '../../src/providers/fashn/fashn.provider.js';
import { LocalProvider } from '../../src/providers/local/local.provider.js';
import { SeedProvider } from '../../src/providers/seed/seed.provider.js';
import { startFashnFake, type FashnFake } from '../fakes/fashn-fake.js';
import { startLocalEngine } from '../helpers.js';
import { failureOf, sampleInput } from './provider-inputs.js';
import sharp from 'sharp';

const KEY = 'fa-retry-key-0123456789';

describe('the provider call’s retry rule, against the FASHN fake', () => {
  let fake: FashnFake;
  const fashn = () => new FashnProvider({ apiKey: KEY, baseUrl: fake.base, model: 'tryon-v1.6', timeoutMs: 5000, pollIntervalMs: 10, maxResponseBytes: 50 * 1024 * 1024 });
  /** Records each wait and lets the provider recover during it, as a rate limit window ends. */
  const policy = (waits: number[], limited: number[] = []): ProviderCallPolicy => ({
    attempts: 2,
    backoffMs: 1000,
    maxRetryAfterMs: 60_000,
    onRateLimited: (ms) => limited.push(ms),
    wait: async (ms) => {
      waits.push(ms);
      fake.scenario = 'success';
    },
  });

  beforeAll(async () => {
    fake = await startFashnFake(KEY);
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.scenario = 'success';
    fake.requests.length = 0;
  });

  it('waits out a 429’s Retry-After, tells the fleet limit, then succeeds', async () => {
    fake.scenario = 'rate-limited';
    fake.retryAfterSeconds = 9;
    const waits: number[] = [];
    const limited: number[] = [];
    const provider = fashn();
    const result = await callProvider(provider, await sampleInput(provider), policy(waits, limited));
    expect(result.attempts).toBe(2);
    expect(waits).toEqual([9000]);
    expect(limited).toEqual([9000]);
    expect((await sharp(result.output.image).metadata()).width).toBe(864);
  });

  it('fails at once when the Retry-After is longer than it will wait', async () => {
    fake.scenario = 'rate-limited';
    fake.retryAfterSeconds = 600;
    const waits: number[] = [];
    const provider = fashn();
    expect(await failureOf(callProvider(provider, await sampleInput(provider), policy(waits)))).toMatchObject({ status: 429, retryAfterMs: 600_000 });
    expect(waits).toEqual([]);
  });

  it('retries a 500 once after a jittered backoff', async () => {
    fake.scenario = 'server-error';
    const waits: number[] = [];
    const provider = fashn();
    const result = await callProvider(provider, await sampleInput(provider), policy(waits));
    expect(result.attempts).toBe(2);
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThanOrEqual(500);
    expect(waits[0]).toBeLessThanOrEqual(1500);
  });

  it('never retries a 400', async () => {
    fake.scenario = 'bad-request';
    const waits: number[] = [];
    const provider = fashn();
    expect(await failureOf(callProvider(provider, await sampleInput(provider), policy(waits)))).toMatchObject({ status: 400, code: 'VTON_API_ERROR' });
    expect(waits).toEqual([]);
    expect(fake.requestsTo('/v1/run')).toHaveLength(1);
  });
});

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
