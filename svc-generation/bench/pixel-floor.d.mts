import type { CropBounds } from '@vton/contracts';
import type { ProviderFraming } from '../src/providers/try-on-provider.js';

/** One model's pixel work in plain sharp, set up: `run()` does it once and answers its wall time (ms). */
export function pixelFloor(photoBytes: Buffer, maskBytes: Buffer, bounds: CropBounds, framing: ProviderFraming): Promise<{ run: () => Promise<number> }>;
/** pixelFloor set up and run once: its wall time (ms). */
export function sharpFloor(photoBytes: Buffer, maskBytes: Buffer, bounds: CropBounds, framing: ProviderFraming): Promise<number>;
