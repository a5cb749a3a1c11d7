import os from 'node:os';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { MediaHarness } from '../test/helpers.js';

/**
 * Issue 19's upload figure for BENCHMARKS.md: ten 3840×2160 JPEGs sent in one POST /api/models
 * (multipart, stored in the real S3 server, rows in the real Postgres) against the floor of
 * plain sharp decoding and re-encoding the same ten files one after the other, in this process,
 * in the same run. Rounds alternate upload and floor so load on the shared machine hits both.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS || 5);
const FILES = 10;
const print = (line = '') => process.stdout.write(`${line}\n`);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** A photo-like JPEG: smooth gradients plus grain, so it compresses like a real photo. */
async function photo(width: number, height: number, tint: number): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  let seed = 12345 + tint;
  for (let y = 0, i = 0; y < height; y++) {
    for (let x = 0; x < width; x++, i += 3) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const grain = (seed >> 16) % 9;
      raw[i] = Math.min(255, 120 + (x * 90) / width + grain + tint);
      raw[i + 1] = Math.min(255, 100 + (y * 80) / height + grain);
      raw[i + 2] = Math.min(255, 90 + ((x + y) * 40) / (width + height) + grain);
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } }).jpeg({ quality: 90 }).toBuffer();
}

/** The floor: what sharp needs to decode each JPEG fully and encode it again (quality 92, as uploads once were). */
async function decodeAndEncode(files: Buffer[]): Promise<void> {
  for (const file of files) await sharp(file).jpeg({ quality: 92 }).toBuffer();
}

it('svc-media upload benchmark', async () => {
  const harness = await new MediaHarness().start({ MAX_UPLOAD_BYTES: String(50 * 1024 * 1024), MAX_UPLOAD_REQUEST_BYTES: String(200 * 1024 * 1024) });
  try {
    const files: Buffer[] = [];
    for (let i = 0; i < FILES; i++) files.push(await photo(3840, 2160, i * 3));
    const megabytes = files.reduce((sum, f) => sum + f.length, 0) / 2 ** 20;
    const seller = await harness.seller();
    const upload = async () => {
      let req = harness.http().post('/api/models').auth(seller.token, { type: 'bearer' });
      for (const [i, file] of files.entries()) req = req.attach('files', file, { filename: `photo-${i + 1}.jpg`, contentType: 'image/jpeg' });
      const started = performance.now();
      const res = await req;
      const elapsed = performance.now() - started;
      if (res.status !== 201 && res.status !== 200) throw new Error(`upload failed: ${res.status} ${res.text.slice(0, 300)}`);
      if ((res.body as unknown[]).length !== FILES) throw new Error(`upload stored ${(res.body as unknown[]).length} of ${FILES} photos`);
      return elapsed;
    };
    const floor = async () => {
      const started = performance.now();
      await decodeAndEncode(files);
      return performance.now() - started;
    };
    await upload(); // warm-up: connections, JIT, sharp's thread pool
    await floor();
    const uploads: number[] = [];
    const floors: number[] = [];
    const ratios: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // Alternate which goes first, so a burst of load elsewhere does not always land on one side.
      const [u, f] = round % 2 ? [await upload(), await floor()] : [await floor(), await upload()].reverse();
      uploads.push(u);
      floors.push(f);
      ratios.push(u / f);
    }
    print(`\nsvc-media upload benchmark — ${os.cpus().length} cores, load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}`);
    print(`Ten 3840×2160 JPEGs (${megabytes.toFixed(1)} MiB) in one POST /api/models, ${ROUNDS} rounds (ms):`);
    print(`    upload (multipart → stored in S3 + rows)   median ${median(uploads).toFixed(0)}   [${uploads.map((v) => v.toFixed(0)).join(', ')}]`);
    print(`    floor: sharp decode + encode, same files   median ${median(floors).toFixed(0)}   [${floors.map((v) => v.toFixed(0)).join(', ')}]`);
    print(`    upload ÷ floor                             median ${median(ratios).toFixed(2)}×  [${ratios.map((v) => v.toFixed(2)).join(', ')}]`);
  } finally {
    await harness.stop();
  }
});
