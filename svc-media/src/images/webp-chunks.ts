/**
 * WebP (RIFF) chunk surgery, as png-chunks.ts and jpeg-segments.ts do for their formats: EXIF and
 * XMP chunks (and any unknown chunk) are dropped and the VP8X flags say so; the image data
 * (VP8/VP8L/ALPH) and the colour profile (ICCP) are copied byte for byte, so the stored photo
 * decodes to exactly the upload's pixels. Animated files are not handled here (the caller decodes
 * them instead).
 */

export class WebpStructureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebpStructureError';
  }
}

const KEPT = new Set(['VP8X', 'ICCP', 'ALPH', 'VP8 ', 'VP8L']);
const FLAG_EXIF = 0x08;
const FLAG_XMP = 0x04;
const FLAG_ANIMATION = 0x02;

/** The WebP without metadata chunks; throws WebpStructureError for a malformed, cut-off or animated file. */
export function stripWebpMetadata(bytes: Uint8Array): Buffer {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buf.length < 20 || buf.toString('latin1', 0, 4) !== 'RIFF' || buf.toString('latin1', 8, 12) !== 'WEBP') {
    throw new WebpStructureError('not a WebP (no RIFF/WEBP header)');
  }
  const riffEnd = 8 + buf.readUInt32LE(4);
  if (riffEnd > buf.length) throw new WebpStructureError('cut off before the end of its RIFF chunk');
  const chunks: Buffer[] = [];
  let pos = 12;
  let hasImage = false;
  while (pos < riffEnd) {
    if (pos + 8 > riffEnd) throw new WebpStructureError('cut off inside a chunk header');
    const type = buf.toString('latin1', pos, pos + 4);
    const size = buf.readUInt32LE(pos + 4);
    const end = pos + 8 + size + (size & 1);
    if (pos + 8 + size > riffEnd) throw new WebpStructureError(`the ${type.trim()} chunk is cut off`);
    if (type === 'ANIM' || type === 'ANMF') throw new WebpStructureError('animated WebP');
    if (KEPT.has(type)) {
      let chunk = buf.subarray(pos, Math.min(end, riffEnd));
      if (type === 'VP8X') {
        if (size < 10) throw new WebpStructureError('the VP8X chunk is too short');
        if (buf[pos + 8] & FLAG_ANIMATION) throw new WebpStructureError('animated WebP');
        chunk = Buffer.from(chunk);
        chunk[8] &= ~(FLAG_EXIF | FLAG_XMP);
      }
      if (type === 'VP8 ' || type === 'VP8L') hasImage = true;
      chunks.push(chunk);
    }
    pos = end;
  }
  if (!hasImage) throw new WebpStructureError('no image data (VP8/VP8L chunk)');
  const body = Buffer.concat(chunks);
  const header = Buffer.alloc(12);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(4 + body.length, 4);
  header.write('WEBP', 8, 'latin1');
  return Buffer.concat([header, body]);
}

/** The chunk types of a WebP in order (tests and diagnostics). */
export function webpChunkTypes(bytes: Uint8Array): string[] {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const types: string[] = [];
  const riffEnd = Math.min(buf.length, 8 + buf.readUInt32LE(4));
  for (let pos = 12; pos + 8 <= riffEnd; ) {
    const size = buf.readUInt32LE(pos + 4);
    types.push(buf.toString('latin1', pos, pos + 4));
    pos += 8 + size + (size & 1);
  }
  return types;
}
