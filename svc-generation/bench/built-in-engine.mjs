/**
 * Part (5) of `npm run bench` (try-on.bench.ts runs this file in a plain Node process, on dist/,
 * with the path of a 3840×2160 photo):
 * the built-in engine's own pixel work for one model — decode its three inputs, cut the garment
 * out, fit and light it, encode the answer — on a 4K photo's mask region, against sharp doing a
 * plain composite of the same size (decode the region, scale the garment to it, composite it
 * through the mask, encode). Prints figures; asserts nothing.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import sharp from 'sharp';
import { prepareProviderInputs } from '../dist/imaging/mask-composer.js';
import { composeTryOn } from '../dist/local-engine/compositor.js';
import { LOCAL_FRAMING } from '../dist/providers/local/local.provider.js';
import { SEED_FRAMING } from '../dist/providers/seed/seed.provider.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS || 7);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

// The 3840×2160 photo-like JPEG try-on.bench.ts made (its `photo`), by path.
const photoBytes = await fs.readFile(process.argv[2]);
const bounds = { x: 1300, y: 500, width: 1200, height: 1300 };
// A torso with its upper arms, as a suggested mask paints it, on the bounds.
const maskBytes = await sharp(
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${bounds.width}" height="${bounds.height}"><rect width="100%" height="100%" fill="#000"/>` +
      `<path d="M300 40 Q600 0 900 40 L1150 300 L1180 900 L1000 920 L950 420 L930 1280 L270 1280 L250 420 L200 920 L20 900 L50 300 Z" fill="#fff"/></svg>`,
  ),
)
  .png()
  .toBuffer();
// A T-shirt laid flat on a plain background, as a seller's crop shows it.
const reference = await sharp(
  Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="960" height="960"><rect width="960" height="960" fill="#f7f7f7"/>' +
      '<path d="M300 150 L400 120 Q480 170 560 120 L660 150 L800 300 L720 370 L660 320 L660 840 L300 840 L300 320 L240 370 L160 300 Z" fill="#c81e28"/></svg>',
  ),
)
  .png()
  .toBuffer();
const answerPng = { compressionLevel: 1, adaptiveFiltering: false };

console.log(`\n(5) The built-in engine on a 3840×2160 photo's mask region (bounds 1200×1300, a torso mask), ${os.cpus()[0]?.model ?? 'CPU'}, median of ${ROUNDS} (goal: under 1 s):`);
for (const [name, framing] of [['in process (local), the region at its own size', LOCAL_FRAMING], ['the §7 frame (seed → vton-engine), 960 × 960', SEED_FRAMING]]) {
  const framed = await prepareProviderInputs(photoBytes, maskBytes, bounds, framing, { maxImageBytes: 200 * 1024 * 1024 });
  const { width, height } = framed.placement.frame;
  const engine = [];
  const floor = [];
  for (let round = 0; round <= ROUNDS; round++) {
    let started = performance.now();
    await composeTryOn({ target: framed.person, reference, mask: framed.mask, category: 'upper_body' });
    const engineMs = performance.now() - started;
    started = performance.now();
    const [garmentRaw, maskRaw] = await Promise.all([
      sharp(reference).resize(width, height, { fit: 'fill' }).removeAlpha().raw().toBuffer(),
      sharp(framed.mask).greyscale().extractChannel(0).raw().toBuffer(),
    ]);
    const overlay = await sharp(garmentRaw, { raw: { width, height, channels: 3 } }).joinChannel(maskRaw, { raw: { width, height, channels: 1 } }).raw().toBuffer();
    await sharp(framed.person).composite([{ input: overlay, raw: { width, height, channels: 4 } }]).png(answerPng).toBuffer();
    const floorMs = performance.now() - started;
    if (round === 0) continue; // warm-up
    engine.push(engineMs);
    floor.push(floorMs);
  }
  const ratios = engine.map((e, i) => e / floor[i]);
  console.log(
    `    ${name}: ${width}×${height}   engine ${median(engine).toFixed(0)} ms   sharp composite ${median(floor).toFixed(0)} ms   ratio ${median(ratios).toFixed(1)}×  (rounds ${ratios.map((r) => r.toFixed(1)).join(' ')})`,
  );
}
console.log(`    engine = composeTryOn on the framed inputs (PNG in, PNG out); sharp composite = the same-size plain composite through the mask.`);
