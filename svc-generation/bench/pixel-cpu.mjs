/**
 * CPU time of one model's pixel work in a plain Node process (as the worker and vton-engine run it),
 * on dist/ — optionally against another build of svc-generation, round by round in one process so
 * both see the same load (BENCHMARKS.md, issue 35):
 *
 *   node bench/pixel-cpu.mjs [<another dist/>]        (BENCH_ROUNDS, default 15)
 *
 * (w) the worker's composition at 4K: decode a 3840×2160 JPEG, frame it for the §7 contract (960
 *     square), check the answer is an image, blend it back through the feathered mask, encode the
 *     result PNG and its thumbnail — what ModelRunner does around the provider call;
 * (e) the built-in engine: composeTryOn on a 960×960 frame (a torso mask and a box mask, a T-shirt on a
 *     plain ground), PNG in and PNG out — what vton-engine does for each answer: for a garment it has
 *     not seen, and per answer of a 5-model job (one garment, five answers).
 * CPU ms = user + system of this process (every libvips thread) per call; median of the rounds after
 * a warm-up. Prints figures; asserts nothing.
 */
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';

const ROUNDS = Number(process.env.BENCH_ROUNDS || 15);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const here = path.resolve(import.meta.dirname, '../dist');
const other = process.argv[2] ? path.resolve(process.argv[2]) : null;

async function load(dist) {
  const at = (file) => import(pathToFileURL(path.join(dist, file)).href);
  const [composer, images, compositor, seed] = await Promise.all([
    at('imaging/mask-composer.js'),
    at('imaging/image-processor.js'),
    at('local-engine/compositor.js'),
    at('providers/seed/seed.provider.js'),
  ]);
  return { ...composer, assertImage: images.assertImage, composeTryOn: compositor.composeTryOn, SEED_FRAMING: seed.SEED_FRAMING };
}

/** A photo-like JPEG: a smooth gradient under fine grain, so it compresses like a photograph. */
async function photo(width, height) {
  const gradient = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="#78645a"/><stop offset="1" stop-color="#d2b4a0"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`;
  const grain = await sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 8 } } }).png().toBuffer();
  return sharp(Buffer.from(gradient)).composite([{ input: grain, blend: 'soft-light' }]).jpeg({ quality: 90 }).toBuffer();
}

const svg = (width, height, body) => sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${body}</svg>`)).png().toBuffer();
// A torso with its upper arms on 1200×1300 bounds (bench/built-in-engine.mjs's), and a T-shirt laid flat on a plain ground.
const torso = '<path d="M300 40 Q600 0 900 40 L1150 300 L1180 900 L1000 920 L950 420 L930 1280 L270 1280 L250 420 L200 920 L20 900 L50 300 Z" fill="#fff"/>';
const shirt = '<path d="M300 150 L400 120 Q480 170 560 120 L660 150 L800 300 L720 370 L660 320 L660 840 L300 840 L300 320 L240 370 L160 300 Z" fill="#c81e28"/>';

const builds = [{ name: 'this build', lib: await load(here) }];
if (other) builds.push({ name: path.relative(process.cwd(), other) || other, lib: await load(other) });
const lib = builds[0].lib;

const bounds = { x: 1300, y: 500, width: 1200, height: 1300 };
const photo4k = await photo(3840, 2160);
const mask4k = await svg(bounds.width, bounds.height, `<rect width="100%" height="100%" fill="#000"/>${torso}`);
const reference = await svg(960, 960, `<rect width="960" height="960" fill="#f7f7f7"/>${shirt}`);
const framed = await lib.prepareProviderInputs(photo4k, mask4k, bounds, lib.SEED_FRAMING, { maxImageBytes: 40 * 1024 * 1024 });
const answer = await lib.composeTryOn({ target: framed.person, reference, mask: framed.mask, category: 'upper_body' });
// Garments of slightly different reds: other bytes, the same work.
const garments = [];
for (let i = 0; i < 64; i++) garments.push(await svg(960, 960, `<rect width="960" height="960" fill="#f7f7f7"/>${shirt.replace('#c81e28', `rgb(200,${30 + i},40)`)}`));
let garmentsUsed = 0;
const nextGarment = () => garments[garmentsUsed++ % garments.length];
const boxMask = await sharp({ create: { width: 960, height: 960, channels: 3, background: '#000' } })
  .composite([{ input: { create: { width: 560, height: 700, channels: 3, background: '#fff' } }, left: 200, top: 180 }])
  .png()
  .toBuffer();

const parts = [
  {
    name: '(w) the worker at 4K: decode, frame, check the answer, compose, PNG + thumbnail',
    run: async (l) => {
      const decoded = await l.decodePhoto(photo4k);
      const inputs = await l.prepareProviderInputs(decoded, mask4k, bounds, l.SEED_FRAMING, { maxImageBytes: 40 * 1024 * 1024 });
      await l.assertImage(answer);
      return (await l.composeIntoPhoto(decoded, answer, mask4k, bounds, inputs.placement, { thumbnailSide: 400 })).png;
    },
  },
  // A garment never seen before (the engine keeps cut-outs by the crop's bytes), and a 5-model job's: one garment, five answers.
  { name: '(e) the built-in engine, 960×960 frame, torso mask, a new garment', run: (l) => l.composeTryOn({ target: framed.person, reference: nextGarment(), mask: framed.mask, category: 'upper_body' }) },
  { name: '(e) the same, box mask', run: (l) => l.composeTryOn({ target: framed.person, reference: nextGarment(), mask: boxMask, category: 'upper_body' }) },
  {
    name: '(e) a 5-model job of one garment (torso mask), per answer',
    perCall: 5,
    run: async (l) => {
      const reference = nextGarment();
      let answer;
      for (let i = 0; i < 5; i++) answer = await l.composeTryOn({ target: framed.person, reference, mask: framed.mask, category: 'upper_body' });
      return answer;
    },
  },
];

/** How two builds' PNGs differ: the same bytes, or how many pixel values differ and by how much at most. */
async function difference(a, b) {
  if (a.equals(b)) return 'the same bytes';
  const [x, y] = await Promise.all([a, b].map((png) => sharp(png).raw().toBuffer({ resolveWithObject: true })));
  if (x.info.width !== y.info.width || x.info.height !== y.info.height || x.data.length !== y.data.length) return `different sizes (${x.info.width}×${x.info.height}, ${y.info.width}×${y.info.height})`;
  let values = 0;
  let most = 0;
  for (let i = 0; i < x.data.length; i++) {
    const d = Math.abs(x.data[i] - y.data[i]);
    if (d) values++;
    most = Math.max(most, d);
  }
  return values ? `${values} of ${x.data.length} pixel values differ, by at most ${most}` : 'other bytes, the same pixels';
}

async function cpuOf(run) {
  const before = process.cpuUsage();
  const started = performance.now();
  await run();
  const used = process.cpuUsage(before);
  return { cpu: (used.user + used.system) / 1000, wall: performance.now() - started };
}

console.log(`\npixel work per model, CPU ms (all threads), ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, Node ${process.version}, load ${os.loadavg()[0].toFixed(1)}, median of ${ROUNDS}`);
for (const part of parts) {
  const cpu = builds.map(() => []);
  const wall = builds.map(() => []);
  for (let round = 0; round <= ROUNDS; round++) {
    // Alternate which build goes first, so neither always runs warmer or under the other's garbage.
    const order = builds.map((_, i) => i);
    if (round % 2) order.reverse();
    for (const i of order) {
      const m = await cpuOf(() => part.run(builds[i].lib));
      if (round === 0) continue;
      cpu[i].push(m.cpu / (part.perCall ?? 1));
      wall[i].push(m.wall / (part.perCall ?? 1));
    }
  }
  console.log(`  ${part.name}`);
  if (builds.length === 2) {
    const used = garmentsUsed;
    const first = await part.run(builds[0].lib);
    garmentsUsed = used; // the same inputs for both
    console.log(`    answers: ${await difference(first, await part.run(builds[1].lib))}`);
  }
  builds.forEach((b, i) => console.log(`    ${b.name.padEnd(28)} ${median(cpu[i]).toFixed(1).padStart(7)} CPU ms  ${median(wall[i]).toFixed(1).padStart(7)} ms wall`));
  if (builds.length === 2) {
    const ratios = cpu[0].map((c, r) => c / cpu[1][r]);
    console.log(`    this build ÷ the other: ${(median(cpu[0]) / median(cpu[1])).toFixed(2)}× CPU (per round: median ${median(ratios).toFixed(2)}×)`);
  }
}
console.log(`  load at the end ${os.loadavg()[0].toFixed(1)}`);
