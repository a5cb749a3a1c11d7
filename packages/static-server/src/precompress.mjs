import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text formats worth compressing. Source maps are left alone: only devtools fetch them. */
export const COMPRESSIBLE_EXTENSIONS = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.txt', '.xml', '.webmanifest']);

/** Below this a compressed copy saves less than the response headers cost. */
export const MIN_COMPRESS_BYTES = 1024;

async function* walk(dir) {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside every
 * compressible file of a build, once at build time, so the server never compresses on the
 * request path. A copy that would not be smaller is not written. `skip` lists folders (relative
 * to `root`) whose files are replaced at deploy time, e.g. the shell's runtime `config/`, where
 * a build-time copy would go stale.
 *
 * @param {string} root
 * @param {{ skip?: string[] }} [options]
 * @returns {Promise<{ files: number, bytes: number, brotliBytes: number, gzipBytes: number }>}
 */
export async function precompress(root, { skip = [] } = {}) {
  const rootDir = path.resolve(root);
  const skipped = skip.map((dir) => path.resolve(rootDir, dir) + path.sep);
  const totals = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  for await (const file of walk(rootDir)) {
    if (!COMPRESSIBLE_EXTENSIONS.has(path.extname(file).toLowerCase())) continue;
    if (skipped.some((dir) => file.startsWith(dir))) continue;
    const body = await fs.readFile(file);
    if (body.length < MIN_COMPRESS_BYTES) continue;
    const [br, gz] = await Promise.all([
      brotli(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
      gzip(body, { level: zlib.constants.Z_BEST_COMPRESSION }),
    ]);
    // A stale copy from an earlier build must not outlive a file that no longer compresses.
    await Promise.all([
      br.length < body.length ? fs.writeFile(`${file}.br`, br) : fs.rm(`${file}.br`, { force: true }),
      gz.length < body.length ? fs.writeFile(`${file}.gz`, gz) : fs.rm(`${file}.gz`, { force: true }),
    ]);
    totals.files += 1;
    totals.bytes += body.length;
    totals.brotliBytes += Math.min(br.length, body.length);
    totals.gzipBytes += Math.min(gz.length, body.length);
  }
  return totals;
}
