import type { GarmentCategory } from '@vton/contracts';
import sharp from 'sharp';
import { prepareProviderInputs } from '../../src/imaging/mask-composer.js';
import { OutOfCreditsError } from '../../src/providers/out-of-credits.js';
import type { TryOnInput, TryOnProvider } from '../../src/providers/try-on-provider.js';

/** The seller's prompt of a product sample: it must reach the placement engine inside the instruction. */
export const PRODUCT_PROMPT = 'on the marble table, soft morning light';

/**
 * A model photo (1200×1600, patterned), its inpaint bounds and mask, and a garment, framed for
 * `provider` exactly as the worker will: what a contract test sends through an adapter.
 */
export async function sampleInput(provider: TryOnProvider, category: GarmentCategory = 'upper_body', signal?: AbortSignal): Promise<TryOnInput> {
  const width = 1200;
  const height = 1600;
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i += 3) {
    const p = i / 3;
    raw[i] = (p * 7) & 255;
    raw[i + 1] = ((p / width) * 3) & 255;
    raw[i + 2] = 180;
  }
  const photo = await sharp(raw, { raw: { width, height, channels: 3 } }).png({ compressionLevel: 1 }).toBuffer();
  const bounds = { x: 300, y: 400, width: 600, height: 600 };
  const mask = await sharp({ create: { width: 600, height: 600, channels: 3, background: '#000000' } })
    .composite([{ input: { create: { width: 400, height: 400, channels: 3, background: '#ffffff' } }, left: 100, top: 100 }])
    .png()
    .toBuffer();
  const garment = await sharp({ create: { width: 960, height: 960, channels: 3, background: '#ffffff' } })
    .composite([{ input: { create: { width: 500, height: 600, channels: 3, background: { r: 200, g: 20, b: 20 } } }, left: 230, top: 180 }])
    .png()
    .toBuffer();
  const framed = await prepareProviderInputs(photo, mask, bounds, provider.framing, provider.limits);
  return { person: framed.person, mask: framed.mask, garment, prompt: category === 'product' ? PRODUCT_PROMPT : 'a red shirt', category, signal };
}

/** What a rejected call looks like to the caller (code, message, whether to retry, the provider's status and Retry-After, an account out of credits). */
export async function failureOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    const e = error as { code?: string; message: string; retryable?: boolean; status?: number; retryAfterMs?: number };
    return { code: e.code, message: e.message, retryable: e.retryable, status: e.status, retryAfterMs: e.retryAfterMs, outOfCredits: error instanceof OutOfCreditsError || undefined };
  }
  throw new Error('expected the provider call to fail');
}

/** Waits (at most ~2 s, in 20 ms steps) until `read()` returns `expected`; answers what it last read. */
export async function settle<T>(read: () => T, expected: T): Promise<T> {
  // Up to ~5 s: what it waits for is fire-and-forget work, slow on a loaded machine.
  for (let i = 0; i < 250; i++) {
    if (read() === expected) return expected;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return read();
}

/** How one call of `provider` fails (on the sample input of `category`), with the fake in the scenario the test set. */
export async function failedCall(provider: TryOnProvider, category?: GarmentCategory) {
  return failureOf(provider.tryOn(await sampleInput(provider, category)));
}
