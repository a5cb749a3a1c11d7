import { GARMENT_CATEGORY_LABELS, RUN_ARCHIVE_MANIFEST, RUN_ARCHIVE_MANIFEST_COLUMNS, type GarmentRecord, type ModelPhotoRecord } from '@vton/contracts';
import { Readable, type Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { ZipFile } from 'yazl';
import { cellOf, type CellRow } from '../jobs/run-store.js';

/**
 * The most bytes (UTF-8) of a product's or a model photo's name kept in a file name: two of them,
 * `__`, a number ` (500)` and `.png` stay within the 255 bytes file systems allow a file name.
 */
const NAME_BYTES = 120;

/** One succeeded cell's result in the archive: where its bytes come from. */
export interface ArchiveEntry {
  cell: CellRow;
  file: string;
}

/** Opens a result's full-resolution PNG as a stream; null when it is gone (deleted from the gallery, expired). */
export type OpenResult = (cell: CellRow) => Promise<Readable | null>;

/**
 * A name made safe for a file in a ZIP on any system: letters (with their accents and vowel signs)
 * and digits of any script, space, `-`, `_`, `.`, `(`, `)` kept; anything else (slashes, colons,
 * control characters, quotes) becomes `-`; no leading dots or trailing dots and spaces (Windows); at
 * most NAME_BYTES, cut between characters; never empty.
 */
export function safeName(name: string, fallback: string): string {
  const cleaned = name
    .normalize('NFC')
    .replace(/[^\p{L}\p{M}\p{N} ._()-]+/gu, '-')
    .replace(/-{2,}/g, '-')
    .replace(/\s+/g, ' ')
    .replace(/^[.\s-]+|[.\s]+$/g, '');
  let kept = '';
  let bytes = 0;
  for (const character of cleaned) {
    bytes += Buffer.byteLength(character);
    if (bytes > NAME_BYTES) break;
    kept += character;
  }
  return kept.trim() || fallback;
}

/** `<product>__<model>.png` for each succeeded cell, unique in the archive (case-insensitively: " (2)", " (3)", …). */
export function archiveFileNames(cells: CellRow[], garments: Map<number, GarmentRecord>, models: Map<number, ModelPhotoRecord>): Map<number, string> {
  const taken = new Set<string>([RUN_ARCHIVE_MANIFEST]);
  const names = new Map<number, string>();
  for (const cell of cells) {
    if (cell.state !== 'succeeded' || !cell.result) continue;
    const product = safeName(garments.get(cell.garmentId)?.name ?? '', `product-${cell.garmentId}`);
    const model = safeName((models.get(cell.modelId)?.filename ?? '').replace(/\.[^.]*$/, ''), `model-${cell.modelId}`);
    const base = `${product}__${model}`;
    let name = `${base}.png`;
    for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${base} (${n}).png`;
    taken.add(name.toLowerCase());
    names.set(cell.id, name);
  }
  return names;
}

/** One CSV field (RFC 4180), and a leading = + - @ neutralised so a spreadsheet never runs it as a formula. */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/**
 * Streams a run's archive into `out`: each succeeded cell's result PNG (stored as it is: PNG is
 * compressed already) read from its stream one after the other, then `manifest.csv` with every cell.
 * Nothing is held whole: each result flows from its source through yazl to `out` with backpressure.
 * A result that is gone is left out and the manifest says so. Rejects when the archive could not be
 * finished (the caller then cuts the download, so a partial ZIP is never mistaken for a whole one).
 */
export async function writeRunArchive(
  out: Writable,
  contents: { cells: CellRow[]; garments: Map<number, GarmentRecord>; models: Map<number, ModelPhotoRecord>; createdAt: Date },
  open: OpenResult,
  signal?: AbortSignal,
): Promise<void> {
  const { cells, garments, models, createdAt } = contents;
  const zip = new ZipFile();
  const output = zip.outputStream as Readable;
  const written = new Promise<void>((resolve, reject) => {
    output.on('error', reject);
    output.pipe(out);
    out.on('error', reject);
    out.on('close', () => (output.readableEnded ? resolve() : reject(new Error('the download was closed before the archive was complete'))));
    output.on('end', resolve);
  });
  // Awaited below; until then a failure must not count as unhandled.
  written.catch(() => undefined);
  const names = archiveFileNames(cells, garments, models);
  const files = new Map<number, { file: string; error: string }>();
  const options = { mtime: createdAt, compress: false };
  for (const cell of cells) {
    const name = names.get(cell.id);
    if (!name) continue;
    signal?.throwIfAborted();
    const stream = await open(cell);
    if (!stream) {
      files.set(cell.id, { file: '', error: 'The result is no longer in the gallery' });
      continue;
    }
    zip.addReadStream(stream, name, options);
    files.set(cell.id, { file: name, error: '' });
    try {
      // One result at a time: the next is opened once this one has gone into the archive.
      await Promise.race([finished(stream), written]);
    } catch (error) {
      stream.destroy();
      throw error;
    }
  }
  const rows = cells.map((row) => {
    const cell = cellOf(row);
    const product = garments.get(cell.garmentId)?.name ?? `product-${cell.garmentId}`;
    const model = models.get(cell.modelId)?.filename ?? `model-${cell.modelId}`;
    const file = files.get(cell.id);
    return [product, model, GARMENT_CATEGORY_LABELS[cell.category], cell.state, file?.file ?? '', file?.error || cell.error?.message || ''];
  });
  const csv = [RUN_ARCHIVE_MANIFEST_COLUMNS as readonly string[], ...rows].map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n';
  zip.addReadStream(Readable.from([Buffer.from(csv, 'utf8')]), RUN_ARCHIVE_MANIFEST, { mtime: createdAt });
  zip.end();
  await written;
}
