import sharp from 'sharp';
import { featherReach } from '../../src/imaging/placement.js';
import { FalProvider } from '../../src/providers/fal/fal.provider.js';
import { FashnProvider } from '../../src/providers/fashn/fashn.provider.js';
import { LocalProvider } from '../../src/providers/local/local.provider.js';
import { composeProviderAnswer, tryOnWithProvider, type ModelTryOn } from '../../src/providers/provider-try-on.js';
import type { TryOnProvider } from '../../src/providers/try-on-provider.js';
import { googleAuthFor } from '../../src/providers/vertex/google-credentials.js';
import { VertexProvider } from '../../src/providers/vertex/vertex.provider.js';
import { startFalFake, type FalFake } from '../../src/providers/fal/fal.fake.js';
import { startFashnFake, type FashnFake } from '../../src/providers/fashn/fashn.fake.js';
import { startVertexFake, type VertexFake } from '../../src/providers/vertex/vertex.fake.js';
import { failureOf } from './provider-inputs.js';

/** A 3000×2000 camera JPEG (every pixel distinct), a painted mask and a garment. */
async function job(): Promise<ModelTryOn & { original: Buffer; painted: { left: number; top: number; width: number; height: number } }> {
  const width = 3000;
  const height = 2000;
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0, i = 0; y < height; y++) {
    for (let x = 0; x < width; x++, i += 3) {
      raw[i] = (x * 7 + y * 3) & 255;
      raw[i + 1] = (x * 13 + y * 5) & 255;
      raw[i + 2] = (x ^ y) & 255;
    }
  }
  const original = await sharp(raw, { raw: { width, height, channels: 3 } }).jpeg({ quality: 90 }).toBuffer();
  const bounds = { x: 1100, y: 500, width: 800, height: 800 };
  const painted = { left: 100, top: 100, width: 600, height: 600 };
  const mask = await sharp({ create: { width: 800, height: 800, channels: 3, background: '#000000' } })
    .composite([{ input: { create: { width: 600, height: 600, channels: 3, background: '#ffffff' } }, left: 100, top: 100 }])
    .png()
    .toBuffer();
  // A garment on its white background, as a seller photographs it.
  const garment = await sharp({ create: { width: 960, height: 960, channels: 3, background: '#ffffff' } })
    .composite([{ input: { create: { width: 500, height: 600, channels: 3, background: { r: 200, g: 20, b: 20 } } }, left: 230, top: 180 }])
    .png()
    .toBuffer();
  return { original, mask, bounds, garment, prompt: 'a red shirt', category: 'upper_body', painted };
}

describe('a provider’s answer, whatever its size, lands in the photo inside the mask only', () => {
  let fashn: FashnFake;
  let vertex: VertexFake;
  let fal: FalFake;
  let sample: Awaited<ReturnType<typeof job>>;
  let before: Buffer;

  beforeAll(async () => {
    [fashn, vertex, fal, sample] = await Promise.all([startFashnFake('fa-key-123456'), startVertexFake(), startFalFake('fal-key-123456'), job()]);
    before = await sharp(sample.original).raw().toBuffer();
  });
  afterAll(() => Promise.all([fashn.close(), vertex.close(), fal.close()]));

  const providers: [string, () => TryOnProvider, string, string][] = [
    ['local', () => new LocalProvider(), 'local-compositor', 'Local compositor'],
    ['fashn (864×1296 answers)', () => new FashnProvider({ apiKey: 'fa-key-123456', baseUrl: fashn.base, model: 'tryon-v1.6', timeoutMs: 10_000, pollIntervalMs: 10, maxResponseBytes: 50 << 20 }), 'tryon-v1.6', 'FASHN'],
    [
      'vertex (answers at input size)',
      () => new VertexProvider({ auth: googleAuthFor(vertex.credentialsFile), location: 'us-central1', baseUrl: vertex.url, model: 'virtual-try-on-001', timeoutMs: 10_000, maxResponseBytes: 50 << 20 }),
      'virtual-try-on-001',
      'Google Vertex AI',
    ],
    ['fal cat-vton (768×1024 answers)', () => new FalProvider({ key: 'fal-key-123456', model: 'fal-ai/cat-vton', role: 'try-on', queueUrl: fal.url, timeoutMs: 10_000, pollIntervalMs: 10, maxResponseBytes: 50 << 20 }), 'fal-ai/cat-vton', 'fal.ai'],
  ];

  it.each(providers)('%s', async (_name, make, model, label) => {
    const provider = make();
    const result = await tryOnWithProvider(provider, sample);
    expect(result.metadata).toMatchObject({ provider: provider.name, providerLabel: label, providerModel: model });
    expect(result.metadata.providerDurationMs).toBeGreaterThanOrEqual(0);
    const composed = await composeProviderAnswer(sample, result);
    const meta = await sharp(composed.png).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 3000, 2000]);

    const after = await sharp(composed.png).removeAlpha().raw().toBuffer();
    const reach = featherReach(sample.bounds.width, sample.bounds.height);
    const near = {
      left: sample.bounds.x + sample.painted.left - reach,
      top: sample.bounds.y + sample.painted.top - reach,
      right: sample.bounds.x + sample.painted.left + sample.painted.width + reach,
      bottom: sample.bounds.y + sample.painted.top + sample.painted.height + reach,
    };
    let changedOutside = 0;
    let changedInside = 0;
    for (let y = 0; y < 2000; y++) {
      for (let x = 0; x < 3000; x++) {
        const i = (y * 3000 + x) * 3;
        const same = before[i] === after[i] && before[i + 1] === after[i + 1] && before[i + 2] === after[i + 2];
        const inside = x >= near.left && x < near.right && y >= near.top && y < near.bottom;
        if (!same && !inside) changedOutside++;
        if (!same && inside) changedInside++;
      }
    }
    expect(changedOutside).toBe(0);
    expect(changedInside).toBeGreaterThan(0);
  }, 60_000);

  it('refuses an answer that is not an image', async () => {
    const provider: TryOnProvider = { ...new LocalProvider(), name: 'local', model: 'x', framing: new LocalProvider().framing, limits: new LocalProvider().limits, tryOn: async () => ({ image: Buffer.from('nope'), provider: 'local', model: 'x', durationMs: 1 }) };
    expect(await failureOf(tryOnWithProvider(provider, sample))).toMatchObject({
      code: 'VTON_PROCESSING_ERROR',
      message: 'Failed to process VTON request: the local compositor answered with data that is not an image',
    });
  });
});
