/**
 * CPU time and size of a provider's framed photo encoded as each provider is sent it (PNG, or JPEG at
 * FRAME_JPEG_QUALITY where the provider's framing asks for it), on dist/, for the real photographs of
 * e2e/fixtures/people (sources and licences in its README) at each provider's frame size (BENCHMARKS.md, issue 35):
 *
 *   node bench/frame-encode.mjs        (BENCH_ROUNDS, default 9)
 *
 * CPU ms = user + system of this process (every libvips thread) per encode, median of the rounds.
 * Prints figures; asserts nothing.
 */
import path from 'node:path';
import sharp from 'sharp';
import { FRAME_JPEG_QUALITY } from '../dist/imaging/framing.js';
import { encodeFrame } from '../dist/imaging/mask-composer.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 9);
const PHOTOS = ['astronaut.png', 'coffee.png'].map((name) => path.join(import.meta.dirname, '../../e2e/fixtures/people', name));
const FRAMES = [
  ['vertex', 1536, 1536],
  ['fal (Leffa, CatVTON, Kolors)', 768, 1024],
  ['fashn, fal FASHN', 864, 1296],
  ['placement engines', 2048, 2048],
];

async function encode(raw, quality) {
  const cpu = [];
  let bytes = 0;
  for (let i = 0; i < ROUNDS; i++) {
    const start = process.cpuUsage();
    bytes = (await encodeFrame(sharp(raw.data, { raw: raw.info }), quality).toBuffer()).length;
    const used = process.cpuUsage(start);
    cpu.push((used.user + used.system) / 1000);
  }
  cpu.sort((a, b) => a - b);
  return `${cpu[Math.floor(cpu.length / 2)].toFixed(1)} CPU ms, ${(bytes / 2 ** 20).toFixed(2)} MB`;
}

console.log(`frame encode, median of ${ROUNDS}: PNG → JPEG q${FRAME_JPEG_QUALITY}`);
for (const [provider, width, height] of FRAMES) {
  for (const photo of PHOTOS) {
    const raw = await sharp(photo).resize(width, height, { fit: 'cover' }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    console.log(`  ${provider} ${width}×${height}, ${path.basename(photo)}: ${await encode(raw, undefined)} → ${await encode(raw, FRAME_JPEG_QUALITY)}`);
  }
}
