import { crc32 } from 'node:zlib';

/**
 * PNG chunk surgery: metadata is removed from a PNG by dropping its ancillary chunks instead of
 * decoding and re-encoding the pixels. The pixel data (IDAT) is copied byte for byte, so the
 * image decodes to exactly the same pixels, at a fraction of the cost of a re-encode.
 */

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * The chunks kept. The critical ones (IHDR, PLTE, IDAT, IEND) and tRNS are the image itself.
 * gAMA, cHRM, sRGB and iCCP say how the stored numbers map to colours: without them a
 * wide-gamut (Display P3) or gamma-tagged result would display with shifted colours, and they
 * carry nothing about the person or the device's owner (an ICC profile names a colour space).
 * Everything else goes: tEXt/zTXt/iTXt (comments, software, XMP), eXIf (camera, GPS, dates),
 * tIME, pHYs, sBIT, bKGD, hIST, sPLT, APNG's acTL/fcTL/fdAT, and any private chunk.
 */
const KEPT = new Set(['IHDR', 'PLTE', 'tRNS', 'IDAT', 'IEND', 'gAMA', 'cHRM', 'sRGB', 'iCCP']);
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
 * Walks every chunk, checking lengths and CRCs and the order rules a decoder relies on:
 * IHDR first, at least one IDAT and the IDATs consecutive, IEND last; an unknown critical chunk
 * (upper-case first letter) is refused because no decoder could show the image. Bytes after
 * IEND are ignored (and not kept).
 */
export function readPngChunks(bytes: Uint8Array): PngChunk[] {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buf.length < SIGNATURE.length || !buf.subarray(0, 8).equals(SIGNATURE)) throw new PngStructureError('not a PNG signature');
  const chunks: PngChunk[] = [];
  let offset = 8;
  let idatEnded = false;
  for (;;) {
    if (offset + 12 > buf.length) throw new PngStructureError(chunks.length ? `cut off after the ${chunks[chunks.length - 1].type} chunk` : 'no chunks');
    const length = buf.readUInt32BE(offset);
    if (length > 0x7fffffff) throw new PngStructureError('a chunk length is out of range');
    const type = buf.toString('latin1', offset + 4, offset + 8);
    if (!/^[A-Za-z]{4}$/.test(type)) throw new PngStructureError('a chunk type is not four letters');
    const end = offset + 12 + length;
    if (end > buf.length) throw new PngStructureError(`the ${type} chunk is cut off`);
    const crc = buf.readUInt32BE(end - 4);
    if (crc32(buf.subarray(offset + 4, end - 4)) !== crc) throw new PngStructureError(`the ${type} chunk fails its CRC check`);

    if (chunks.length === 0 && type !== 'IHDR') throw new PngStructureError('the first chunk is not IHDR');
    if (chunks.length > 0 && type === 'IHDR') throw new PngStructureError('more than one IHDR chunk');
    const isCritical = type.charCodeAt(0) < 0x61;
    if (isCritical && !CRITICAL.has(type)) throw new PngStructureError(`unknown critical chunk ${type}`);
    const previous = chunks[chunks.length - 1]?.type;
    if (type === 'IDAT') {
      if (idatEnded) throw new PngStructureError('the IDAT chunks are not consecutive');
    } else if (previous === 'IDAT') {
      idatEnded = true;
    }
    chunks.push({ type, offset, size: end - offset });
    offset = end;
    if (type === 'IEND') break;
  }
  if (!chunks.some((c) => c.type === 'IDAT')) throw new PngStructureError('no IDAT chunk');
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

/** The chunk types of a PNG, in order (tests and diagnostics). */
export function pngChunkTypes(bytes: Uint8Array): string[] {
  return readPngChunks(bytes).map((c) => c.type);
}
