import { PNG_KEPT_CHUNKS } from '@vton/contracts';
import { Transform, type TransformCallback } from 'node:stream';
import { crc32 } from 'node:zlib';
import { PartBytes } from './part-bytes.js';

/**
 * PNG chunk surgery: metadata is removed from a PNG by dropping its ancillary chunks instead of
 * decoding and re-encoding the pixels. The pixel data (IDAT) is copied byte for byte, so the
 * image decodes to exactly the same pixels, at a fraction of the cost of a re-encode.
 */

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * The chunks kept (PNG_KEPT_CHUNKS). The critical ones (IHDR, PLTE, IDAT, IEND) and tRNS are the
 * image itself. gAMA, cHRM, sRGB and iCCP say how the stored numbers map to colours: without them a
 * wide-gamut (Display P3) or gamma-tagged result would display with shifted colours, and they
 * carry nothing about the person or the device's owner (an ICC profile names a colour space).
 * Everything else goes: tEXt/zTXt/iTXt (comments, software, XMP), eXIf (camera, GPS, dates),
 * tIME, pHYs, sBIT, bKGD, hIST, sPLT, APNG's acTL/fcTL/fdAT, and any private chunk.
 */
const KEPT = new Set(PNG_KEPT_CHUNKS);
const CRITICAL = new Set(['IHDR', 'PLTE', 'IDAT', 'IEND']);

export class PngStructureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PngStructureError';
  }
}

export interface PngChunk {
  type: string;
  /** Offset of the chunk's length field in the file. */
  offset: number;
  /** Length field + type + data + CRC. */
  size: number;
}

/**
 * The order rules a decoder relies on, chunk after chunk: IHDR first and once, the IDATs
 * consecutive, no unknown critical chunk (upper-case first letter: no decoder could show the
 * image). One set of rules for the whole-file walk and the streaming filter.
 */
class ChunkOrder {
  private count = 0;
  private previous: string | undefined;
  private idatEnded = false;
  sawIdat = false;

  accept(type: string): void {
    if (this.count === 0 && type !== 'IHDR') throw new PngStructureError('the first chunk is not IHDR');
    if (this.count > 0 && type === 'IHDR') throw new PngStructureError('more than one IHDR chunk');
    const isCritical = type.charCodeAt(0) < 0x61;
    if (isCritical && !CRITICAL.has(type)) throw new PngStructureError(`unknown critical chunk ${type}`);
    if (type === 'IDAT') {
      if (this.idatEnded) throw new PngStructureError('the IDAT chunks are not consecutive');
      this.sawIdat = true;
    } else if (this.previous === 'IDAT') {
      this.idatEnded = true;
    }
    this.count++;
    this.previous = type;
  }

  /** At IEND: an image without pixel data is no image. */
  finish(): void {
    if (!this.sawIdat) throw new PngStructureError('no IDAT chunk');
  }
}

/** A chunk header's length and type, checked before its data is trusted. */
function chunkHeader(buf: Buffer, offset: number): { length: number; type: string } {
  const length = buf.readUInt32BE(offset);
  if (length > 0x7fffffff) throw new PngStructureError('a chunk length is out of range');
  const type = buf.toString('latin1', offset + 4, offset + 8);
  if (!/^[A-Za-z]{4}$/.test(type)) throw new PngStructureError('a chunk type is not four letters');
  return { length, type };
}

/**
 * Walks every chunk, checking lengths and CRCs and the chunk order (ChunkOrder); IEND last.
 * Bytes after IEND are ignored (and not kept).
 */
export function readPngChunks(bytes: Uint8Array): PngChunk[] {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buf.length < SIGNATURE.length || !buf.subarray(0, 8).equals(SIGNATURE)) throw new PngStructureError('not a PNG signature');
  const chunks: PngChunk[] = [];
  const order = new ChunkOrder();
  let offset = 8;
  for (;;) {
    if (offset + 12 > buf.length) throw new PngStructureError(chunks.length ? `cut off after the ${chunks[chunks.length - 1].type} chunk` : 'no chunks');
    const { length, type } = chunkHeader(buf, offset);
    const end = offset + 12 + length;
    if (end > buf.length) throw new PngStructureError(`the ${type} chunk is cut off`);
    const crc = buf.readUInt32BE(end - 4);
    if (crc32(buf.subarray(offset + 4, end - 4)) !== crc) throw new PngStructureError(`the ${type} chunk fails its CRC check`);
    order.accept(type);
    chunks.push({ type, offset, size: end - offset });
    offset = end;
    if (type === 'IEND') break;
  }
  order.finish();
  return chunks;
}

/** The PNG with only the KEPT chunks, everything copied as it was (CRCs included). */
export function stripPngMetadata(bytes: Uint8Array): Buffer {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const kept = readPngChunks(buf).filter((c) => KEPT.has(c.type));
  const parts: Buffer[] = [SIGNATURE];
  // Consecutive kept chunks (all the IDATs, typically) are copied as one slice.
  let start = kept[0].offset;
  let end = start;
  for (const chunk of kept) {
    if (chunk.offset !== end) {
      parts.push(buf.subarray(start, end));
      start = chunk.offset;
    }
    end = chunk.offset + chunk.size;
  }
  parts.push(buf.subarray(start, end));
  return Buffer.concat(parts);
}

/** The IEND chunk as every PNG ends: length 0, its type, its CRC. */
const IEND_CHUNK = Buffer.from([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);

/**
 * What can be checked of a PNG stored by someone else (svc-generation's worker writes its result
 * straight to object storage) without reading it whole: `head`, its first bytes, up to and
 * including the first IDAT chunk's header, and `tail`, its last 12 bytes. The signature, every
 * chunk before the pixel data (whole, CRC checked, in order, and only KEPT ones: a PNG carrying
 * metadata there is refused, not stripped), IHDR's size (`onHeader` may refuse it at once), and IEND
 * at the very end, so the object is a whole PNG rather than a cut-off one.
 */
export function readPngHead(head: Uint8Array, tail: Uint8Array, onHeader: (header: PngHeader) => void = () => undefined): PngHeader {
  const buf = Buffer.from(head.buffer, head.byteOffset, head.byteLength);
  if (buf.length < SIGNATURE.length || !buf.subarray(0, 8).equals(SIGNATURE)) throw new PngStructureError('not a PNG signature');
  const order = new ChunkOrder();
  let header: PngHeader | undefined;
  for (let offset = 8; ; ) {
    if (offset + 8 > buf.length) throw new PngStructureError('no IDAT chunk in the first bytes');
    const { length, type } = chunkHeader(buf, offset);
    order.accept(type);
    if (type === 'IDAT') break;
    if (!KEPT.has(type)) throw new PngStructureError(`it carries a ${type} chunk (metadata is not kept)`);
    const end = offset + 12 + length;
    if (end > buf.length) throw new PngStructureError(`the ${type} chunk is longer than the first bytes`);
    if (crc32(buf.subarray(offset + 4, end - 4)) !== buf.readUInt32BE(end - 4)) throw new PngStructureError(`the ${type} chunk fails its CRC check`);
    if (type === 'IHDR') {
      header = { width: buf.readUInt32BE(offset + 8), height: buf.readUInt32BE(offset + 12) };
      // Refused from IHDR first (a pixel flood), whatever follows, as the streaming filter does.
      onHeader(header);
    }
    if (type === 'IEND') throw new PngStructureError('it ends before any pixel data');
    offset = end;
  }
  if (!header || header.width === 0 || header.height === 0) throw new PngStructureError('IHDR gives no size');
  if (!Buffer.from(tail.buffer, tail.byteOffset, tail.byteLength).equals(IEND_CHUNK)) throw new PngStructureError('it does not end with IEND');
  return header;
}

/** The chunk types of a PNG, in order (tests and diagnostics). */
export function pngChunkTypes(bytes: Uint8Array): string[] {
  return readPngChunks(bytes).map((c) => c.type);
}

/** What the filter learnt from IHDR, before any pixel data has passed. */
export interface PngHeader {
  width: number;
  height: number;
}

/**
 * stripPngMetadata as a stream: the same checks (every CRC, the chunk order, IEND) and the
 * same KEPT chunks, passed on as they arrive, so a large PNG is never held whole. Kept bytes
 * leave before the file is known to be sound: whoever stores them must only make them visible
 * once the stream has ended without an error (ObjectStorage.putStream does). `onHeader` may
 * throw to refuse the image from its IHDR (a pixel flood) before its pixel data arrives; errors
 * are PngStructureError unless `onHeader` threw something else. Bytes after IEND are dropped.
 */
export class PngMetadataFilter extends Transform {
  private readonly order = new ChunkOrder();
  /** Bytes of the part being read (signature, chunk header, CRC or IHDR's data) until it is whole. */
  private readonly part = new PartBytes();
  private state: 'signature' | 'header' | 'data' | 'crc' | 'done' = 'signature';
  private type = '';
  private kept = false;
  /** Data bytes of the current chunk still to come. */
  private remaining = 0;
  private dataSeen = 0;
  private crc = 0;
  private ihdr: Buffer[] = [];
  private lastType: string | undefined;
  private bytesIn = 0;
  /** Read from IHDR (and accepted by `onHeader`) once it has passed. */
  header: PngHeader | undefined;

  constructor(private readonly onHeader?: (header: PngHeader) => void) {
    super();
  }

  /** How many bytes came in (0: an empty file). */
  get received(): number {
    return this.bytesIn;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.bytesIn += chunk.length;
    try {
      this.consume(chunk);
      done();
    } catch (error) {
      done(error as Error);
    }
  }

  override _flush(done: TransformCallback): void {
    if (this.state === 'done') return done();
    if (this.state === 'signature') return done(new PngStructureError('not a PNG signature'));
    // As readPngChunks says it: fewer than a header and a CRC left is a file cut off after the last whole chunk.
    const left = this.state === 'header' ? this.part.length : 8 + this.dataSeen + (this.state === 'crc' ? this.part.length : 0);
    if (left < 12) return done(new PngStructureError(this.lastType ? `cut off after the ${this.lastType} chunk` : 'no chunks'));
    done(new PngStructureError(`the ${this.type} chunk is cut off`));
  }

  private consume(input: Buffer): void {
    let at = 0;
    while (at < input.length && this.state !== 'done') {
      if (this.state === 'data') {
        const piece = input.subarray(at, at + this.remaining);
        at += piece.length;
        this.remaining -= piece.length;
        this.dataSeen += piece.length;
        this.crc = crc32(piece, this.crc);
        if (this.type === 'IHDR') this.ihdr.push(piece);
        if (this.kept) this.push(piece);
        if (this.remaining === 0) this.state = 'crc';
        continue;
      }
      const need = this.state === 'signature' ? 8 : this.state === 'header' ? 8 : 4;
      at += this.part.fill(input, at, need);
      if (this.part.length < need) continue;
      const whole = this.part.take();
      if (this.state === 'signature') this.signature(whole);
      else if (this.state === 'header') this.chunkStart(whole);
      else this.endOfChunk(whole);
    }
  }

  private signature(bytes: Buffer): void {
    if (!bytes.equals(SIGNATURE)) throw new PngStructureError('not a PNG signature');
    this.push(SIGNATURE);
    this.state = 'header';
  }

  private chunkStart(bytes: Buffer): void {
    const { length, type } = chunkHeader(bytes, 0);
    this.type = type;
    this.kept = KEPT.has(type);
    this.remaining = length;
    this.dataSeen = 0;
    this.ihdr = [];
    this.crc = crc32(bytes.subarray(4, 8));
    if (this.kept) this.push(bytes);
    this.state = length > 0 ? 'data' : 'crc';
  }

  private endOfChunk(crcBytes: Buffer): void {
    if (crcBytes.readUInt32BE(0) !== this.crc) throw new PngStructureError(`the ${this.type} chunk fails its CRC check`);
    this.order.accept(this.type);
    if (this.type === 'IHDR') {
      const data = Buffer.concat(this.ihdr);
      if (data.length < 8) throw new PngStructureError('the IHDR chunk is too short');
      const header = { width: data.readUInt32BE(0), height: data.readUInt32BE(4) };
      this.onHeader?.(header);
      this.header = header;
    }
    if (this.kept) this.push(crcBytes);
    this.lastType = this.type;
    if (this.type === 'IEND') {
      this.order.finish();
      this.state = 'done';
    } else {
      this.state = 'header';
    }
  }
}
