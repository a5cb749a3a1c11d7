/**
 * "The sharp floor" of BENCHMARKS.md: the least pixel work one model needs, in plain sharp. The photo
 * decoded once; the provider's frame (person, PNG or the provider's JPEG, and mask, PNG) rendered from it; an answer of the
 * frame's size scaled into the bounds with the feathered mask; the full-size result PNG encoded once;
 * its 400 px WebP thumbnail from the same pixels. No HTTP, no storage, no database. The answer is made
 * beforehand (the provider's work, not ours).
 *
 * try-on.bench.ts imports `sharpFloor` (wall time, right after each worker run). The sellers' bench
 * (e2e/bench/sellers.mjs) runs this file as a program, on dist/, and reads the CPU time per model of
 * this whole process (every libvips thread included):
 *
 *   node bench/pixel-floor.mjs <photo> <mask> '<bounds JSON>' [rounds]
 *   → {"cpuMs": …, "wallMs": …, "rounds": …}   (medians of the rounds after a warm-up)
 */
import fs from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { encodeFrame, planFrame, RESULT_PNG } from '../dist/imaging/mask-composer.js';
import { featherSigma } from '../dist/imaging/placement.js';
import { SEED_FRAMING } from '../dist/providers/seed/seed.provider.js';

/**
 * One model's pixel work, set up: `run()` does it once and answers its wall time (ms).
 * @param {Buffer} photoBytes @param {Buffer} maskBytes the mask at the bounds' size
 * @param {{ x: number, y: number, width: number, height: number }} bounds
 * @param {{ width: number, height: number, mode: 'pad' | 'widen' | 'free', context: number, upscale: boolean, jpegQuality?: number }} framing
 */
export async function pixelFloor(photoBytes, maskBytes, bounds, framing) {
  const meta = await sharp(photoBytes).metadata();
  const plan = planFrame({ width: meta.width, height: meta.height }, bounds, framing);
  const answer = await sharp({ create: { width: plan.frame.width, height: plan.frame.height, channels: 3, background: '#1e5ac8' } }).png().toBuffer();
  const box = { width: Math.round(bounds.width), height: Math.round(bounds.height) };
  return { run: () => floorWork(photoBytes, maskBytes, plan, answer, box, framing.jpegQuality) };
}

/** pixelFloor set up and run once: its wall time (ms). */
export async function sharpFloor(photoBytes, maskBytes, bounds, framing) {
  return (await pixelFloor(photoBytes, maskBytes, bounds, framing)).run();
}

async function floorWork(photoBytes, maskBytes, plan, answer, box, jpegQuality) {
  const started = performance.now();
  const { data, info } = await sharp(photoBytes).raw().toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  const pad = { left: plan.offset.left, top: plan.offset.top, right: plan.frame.width - plan.offset.left - plan.content.width, bottom: plan.frame.height - plan.offset.top - plan.content.height };
  await Promise.all([
    encodeFrame(sharp(data, raw).extract(plan.region).resize(plan.content.width, plan.content.height, { fit: 'fill' }).extend({ ...pad, background: '#ffffff' }), jpegQuality).toBuffer(),
    sharp(maskBytes).greyscale().resize(plan.content.width, plan.content.height, { fit: 'fill' }).extend({ ...pad, background: '#000000' }).png(RESULT_PNG).toBuffer(),
    sharp(answer).resize(box.width, box.height, { fit: 'fill' }).raw().toBuffer(),
    sharp(maskBytes).greyscale().blur(featherSigma(box.width, box.height)).extractChannel(0).raw().toBuffer(),
  ]);
  await Promise.all([sharp(data, raw).png(RESULT_PNG).toBuffer(), sharp(data, raw).resize(400, 400, { fit: 'inside' }).webp().toBuffer()]);
  return performance.now() - started;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [photoFile, maskFile, boundsJson, roundsArg] = process.argv.slice(2);
  const [photoBytes, maskBytes] = await Promise.all([fs.readFile(photoFile), fs.readFile(maskFile)]);
  const bounds = JSON.parse(boundsJson);
  const rounds = Number(roundsArg || 20);
  const floor = await pixelFloor(photoBytes, maskBytes, bounds, SEED_FRAMING);
  await floor.run(); // warm-up
  const cpu = [];
  const wall = [];
  for (let i = 0; i < rounds; i++) {
    const before = process.cpuUsage();
    wall.push(await floor.run());
    const used = process.cpuUsage(before);
    cpu.push((used.user + used.system) / 1000);
  }
  process.stdout.write(`${JSON.stringify({ cpuMs: median(cpu), wallMs: median(wall), rounds })}\n`);
}
