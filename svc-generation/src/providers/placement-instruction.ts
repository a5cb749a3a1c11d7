import type { ProviderFraming } from './try-on-provider.js';
import { FRAME_JPEG_QUALITY } from '../imaging/framing.js';

/**
 * How the placement engine learns where the product goes: OpenAI's edit takes a mask of the first
 * image (`edit-mask`); the other engines take images only, so the mask goes as the third image
 * (`third-image`), white where the product goes — as spec §7's `mask_image` does for `seed`.
 */
export type MaskGiven = 'edit-mask' | 'third-image';

/**
 * The one placement instruction every engine that takes a prompt is given (svc-generation README,
 * "Placement engines"; docs "Placing any product"): place the product of the second image into the
 * marked region of the first, keep the product as it is, match the scene, change nothing else; the
 * seller's prompt follows as their direction. Changing it changes what every engine is told.
 */
export function placementInstruction(prompt: string, mask: MaskGiven): string {
  const where = mask === 'edit-mask' ? 'inside the masked region' : 'inside the region that the third image marks in white';
  const direction = prompt.trim();
  return [
    `Place the product from the second image into the first image, ${where}.`,
    'Keep the product exactly as it is: its label and printed text, its shape and proportions, its colours and materials.',
    "Match the first image's light, shadows, perspective and scale, so that the product sits naturally in the scene, resting on a surface where one is.",
    'Change nothing else in the first image.',
    ...(direction ? [`The seller's direction: ${direction}`] : []),
  ].join(' ');
}

/**
 * The frame placement engines see: the masked region with as much scene again around it (light and
 * perspective come from there), in its own aspect ratio, up to `side` pixels; small regions are
 * scaled up (the engines work at a fixed resolution). Sent as a JPEG (FRAME_JPEG_QUALITY; every placement
 * engine takes JPEG): a 2048 px frame of a photo is 0.5–0.7 MB to upload instead of 3.7–6.5 MB as PNG.
 */
export function placementFraming(side: number): ProviderFraming {
  return { width: side, height: side, mode: 'free', context: 0.5, upscale: true, jpegQuality: FRAME_JPEG_QUALITY };
}

/** The aspect ratio (of `ratios`, "w:h") nearest the frame's, compared on a log scale (2:1 is as far from 1:1 as 1:2). */
export function nearestAspect<T extends string>(width: number, height: number, ratios: readonly T[]): T {
  const target = Math.log(width / height);
  let best = ratios[0];
  let distance = Infinity;
  for (const ratio of ratios) {
    const [w, h] = ratio.split(/[:x]/).map(Number);
    const d = Math.abs(Math.log(w / h) - target);
    if (d < distance) {
      best = ratio;
      distance = d;
    }
  }
  return best;
}

/** A frame's size as FLUX.2 takes it (BFL's API and fal's FLUX.2 models): within 4 MP, each side a multiple of 16 (at least 64), the aspect kept as closely as that allows. */
export function fluxOutputSize({ width = 1024, height = 1024 }: { width?: number; height?: number }): { width: number; height: number } {
  const scale = Math.min(1, Math.sqrt(4_000_000 / (width * height)));
  const snap = (side: number) => Math.max(64, Math.floor((side * scale) / 16) * 16);
  return { width: snap(width), height: snap(height) };
}
