import { resizeRegion, type Cutout } from './cutout.js';
import type { Box } from '../imaging/mask-composer.js';
import type { Grey } from './fit.js';

/** How dark the contact shadow is under the product's middle (share of the light taken away). */
const SHADOW_STRENGTH = 0.5;
/** The shadow's height as a share of its width: seen from the front, at a low angle. */
const SHADOW_FLATNESS = 0.12;
/** The product's foot: its lowest rows, this share of its height. */
const FOOT_SHARE = 0.06;

/**
 * Places a product (a bag, a bottle, a shoe) into the mask: cut out of its plain background,
 * scaled to fit the mask's bounding box keeping its aspect ratio, centred across it and standing
 * on its lower edge, with a soft contact shadow on the photo beneath it. The rest of the mask
 * keeps the photo. Writes into `person` (RGB, the mask's size).
 */
export async function placeProduct(person: Buffer, mask: Grey, maskBox: Box, cut: Cutout): Promise<void> {
  const { box } = cut;
  // The shadow sits inside the mask (the result is blended through it): the product stands that much higher.
  const fit = (height: number) => Math.min(maskBox.width / box.width, height / box.height);
  const provisional = box.width * fit(maskBox.height);
  const lift = Math.ceil(provisional * SHADOW_FLATNESS * 0.6);
  const scale = fit(Math.max(1, maskBox.height - lift));
  const width = Math.max(1, Math.round(box.width * scale));
  const height = Math.max(1, Math.round(box.height * scale));
  const product = await resizeRegion(cut.image, box, width, height);
  const left = Math.round(maskBox.left + (maskBox.width - width) / 2);
  const base = maskBox.top + maskBox.height - lift;
  const top = base - height;

  // The shadow follows the product's foot: as wide as its lowest rows, centred under them.
  let footLeft = width;
  let footRight = -1;
  for (let y = Math.max(0, Math.floor(height * (1 - FOOT_SHARE))); y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (product.data[(y * width + x) * 4 + 3] < 128) continue;
      footLeft = Math.min(footLeft, x);
      footRight = Math.max(footRight, x);
    }
  }
  if (footRight < 0) [footLeft, footRight] = [0, width - 1];
  const rx = Math.max(((footRight - footLeft + 1) / 2) * 1.15, width * 0.15);
  const ry = Math.max(2, rx * SHADOW_FLATNESS);
  const cx = left + (footLeft + footRight + 1) / 2;
  const { width: W, height: H } = mask;
  for (let y = Math.max(0, Math.floor(base - 3 * ry)); y < Math.min(H, Math.ceil(base + 3 * ry)); y++) {
    for (let x = Math.max(0, Math.floor(cx - 2 * rx)); x < Math.min(W, Math.ceil(cx + 2 * rx)); x++) {
      const dx = (x + 0.5 - cx) / rx;
      const dy = (y + 0.5 - base) / ry;
      const dark = SHADOW_STRENGTH * Math.exp(-1.5 * (dx * dx + dy * dy)) * (mask.data[y * W + x] / 255);
      const i = (y * W + x) * 3;
      for (let c = 0; c < 3; c++) person[i + c] = Math.round(person[i + c] * (1 - dark));
    }
  }

  for (let y = Math.max(0, -top); y < height && top + y < H; y++) {
    for (let x = Math.max(0, -left); x < width && left + x < W; x++) {
      const j = (y * width + x) * 4;
      const a = product.data[j + 3] / 255;
      if (a === 0) continue;
      const i = ((top + y) * W + left + x) * 3;
      for (let c = 0; c < 3; c++) person[i + c] = Math.round(person[i + c] * (1 - a) + product.data[j + c] * a);
    }
  }
}
