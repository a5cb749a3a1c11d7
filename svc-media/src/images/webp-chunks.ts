import { MetadataFilter } from './metadata-filter.js';
import { exifOrientation } from './jpeg-segments.js';
import { PartBytes } from './part-bytes.js';

/**
 * WebP (RIFF) chunk surgery, as png-chunks.ts and jpeg-segments.ts do for their formats: EXIF and
 * XMP chunks (and any unknown chunk) are dropped and the VP8X flags say so; the image data
 * (VP8/VP8L/ALPH) and the colour profile (ICCP) are copied byte for byte, so the stored photo
 * decodes to exactly the upload's pixels. Animated files are not handled here (the caller decodes
 * them instead).
 *
 * One reader (WebpChunkReader) does it for a whole file (stripWebpMetadata) and for a stream
 * (WebpMetadataFilter). The RIFF header that starts the result holds the result's length, which
 * is known only once the dropped chunks have passed (EXIF and XMP come after the image data): the
 * stream carries the chunks, and `riffHeader()` gives the 12 bytes to put before them at the end.
 */

export class WebpStructureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebpStructureError';
  }
}

/** What the first chunk (VP8X, or the image chunk of a simple WebP) says, before any pixel data. */
export interface WebpHeader {
  width: number;
  height: number;
  hasAlpha: boolean;
}

const KEPT = new Set(['VP8X', 'ICCP', 'ALPH', 'VP8 ', 'VP8L']);
const FLAG_ALPHA = 0x10;
const FLAG_EXIF = 0x08;
const FLAG_XMP = 0x04;
const FLAG_ANIMATION = 0x02;

/**
 * The chunk walk as a push parser: `write` each piece of the file as it comes and collect the
 * kept chunks; `end` once it ended. Throws WebpStructureError for a malformed, cut-off or animated file.
 */
export class WebpChunkReader {
  /** Bytes of the part being read (the RIFF header, a chunk header, a chunk's head, EXIF's data) until it is whole. */
  private readonly part = new PartBytes();
  private state: 'riff' | 'chunk' | 'inspect' | 'data' | 'done' = 'riff';
  /** Bytes read so far (the position in the file). */
  private position = 0;
  private riffEnd = 0;
  private type = '';
  private kept = false;
  /** Bytes of the current chunk's data (and padding) still to come. */
  private remaining = 0;
  private hasImage = false;
  private bodyBytes = 0;
  /** From the last EXIF chunk (libvips reads it): 1 without one, undefined when it could not be read. */
  orientation: number | undefined = 1;
  header: WebpHeader | undefined;

  write(input: Buffer, out: Buffer[]): void {
    let at = 0;
    while (at < input.length && this.state !== 'done') {
      if (this.state === 'data') {
        const piece = input.subarray(at, at + this.remaining);
        at += piece.length;
        this.position += piece.length;
        this.remaining -= piece.length;
        if (this.kept) this.emit(piece, out);
        else if (this.type === 'EXIF') this.part.add(piece);
        if (this.remaining === 0) this.chunkEnded();
        continue;
      }
      const need = this.need();
      const taken = this.part.fill(input, at, need);
      at += taken;
      this.position += taken;
      if (this.part.length === need) this.partRead(out);
    }
  }

  end(): void {
    if (this.state === 'riff') throw new WebpStructureError('not a WebP (no RIFF/WEBP header)');
    if (this.state !== 'done' && this.position < this.riffEnd) throw new WebpStructureError('cut off before the end of its RIFF chunk');
    if (!this.hasImage) throw new WebpStructureError('no image data (VP8/VP8L chunk)');
  }

  /** The RIFF header for the kept chunks (their length is known once end() passed). */
  riffHeader(): Buffer {
    const header = Buffer.alloc(12);
    header.write('RIFF', 0, 'latin1');
    header.writeUInt32LE(4 + this.bodyBytes, 4);
    header.write('WEBP', 8, 'latin1');
    return header;
  }

  private need(): number {
    if (this.state === 'riff') return 20;
    if (this.state === 'chunk') return 8;
    // inspect: VP8X's flags and canvas size; of an image chunk the bytes holding its size
    return this.type === 'VP8X' ? 10 : this.type === 'VP8 ' ? 10 : 5;
  }

  private emit(piece: Buffer, out: Buffer[]): void {
    out.push(piece);
    this.bodyBytes += piece.length;
  }

  private partRead(out: Buffer[]): void {
    const bytes = this.part.take();
    if (this.state === 'riff') {
      // The RIFF header and the first chunk's header (the whole-file check: at least 20 bytes).
      if (bytes.toString('latin1', 0, 4) !== 'RIFF' || bytes.toString('latin1', 8, 12) !== 'WEBP') throw new WebpStructureError('not a WebP (no RIFF/WEBP header)');
      this.riffEnd = 8 + bytes.readUInt32LE(4);
      if (this.riffEnd <= 12) return this.done();
      return this.chunkStart(bytes.subarray(12), out);
    }
    if (this.state === 'chunk') return this.chunkStart(bytes, out);
    this.inspect(bytes, out);
  }

  /** A chunk header has been read (`this.position` is just after it). */
  private chunkStart(head: Buffer, out: Buffer[]): void {
    const start = this.position - 8;
    if (start + 8 > this.riffEnd) throw new WebpStructureError('cut off inside a chunk header');
    const type = head.toString('latin1', 0, 4);
    const size = head.readUInt32LE(4);
    if (start + 8 + size > this.riffEnd) throw new WebpStructureError(`the ${type.trim()} chunk is cut off`);
    if (type === 'ANIM' || type === 'ANMF') throw new WebpStructureError('animated WebP');
    if (type === 'VP8X' && size < 10) throw new WebpStructureError('the VP8X chunk is too short');
    this.type = type;
    this.kept = KEPT.has(type);
    // The padding byte to an even size belongs to the chunk (kept with it when inside the RIFF chunk).
    this.remaining = Math.min(size + (size & 1), this.riffEnd - start - 8);
    const isImage = type === 'VP8 ' || type === 'VP8L';
    if (isImage) this.hasImage = true;
    this.chunkHead = Buffer.from(head);
    if (type === 'VP8X' || (isImage && !this.header && size >= (type === 'VP8 ' ? 10 : 5))) {
      // Its head is read before it is passed on: the size and flags it says.
      this.state = 'inspect';
      this.remaining -= this.need();
      return;
    }
    if (this.kept) this.emit(this.chunkHead, out);
    this.state = 'data';
    if (this.remaining === 0) this.chunkEnded();
  }

  private chunkHead = Buffer.alloc(0);

  private inspect(data: Buffer, out: Buffer[]): void {
    const type = this.type;
    if (type === 'VP8X') {
      if (data[0] & FLAG_ANIMATION) throw new WebpStructureError('animated WebP');
      this.header ??= { width: 1 + data.readUIntLE(4, 3), height: 1 + data.readUIntLE(7, 3), hasAlpha: (data[0] & FLAG_ALPHA) !== 0 };
      data = Buffer.from(data);
      data[0] &= ~(FLAG_EXIF | FLAG_XMP);
    } else if (type === 'VP8 ') {
      this.header = { width: data.readUInt16LE(6) & 0x3fff, height: data.readUInt16LE(8) & 0x3fff, hasAlpha: false };
    } else {
      const bits = data.readUInt32LE(1);
      this.header = { width: 1 + (bits & 0x3fff), height: 1 + ((bits >>> 14) & 0x3fff), hasAlpha: ((bits >>> 28) & 1) === 1 };
    }
    this.emit(this.chunkHead, out);
    this.emit(data, out);
    this.state = 'data';
    if (this.remaining === 0) this.chunkEnded();
  }

  private chunkEnded(): void {
    if (this.type === 'EXIF') {
      const exif = this.part.take();
      this.orientation = exifOrientation(exif.toString('latin1', 0, 6) === 'Exif\0\0' ? exif.subarray(6) : exif);
    }
    this.state = 'chunk';
    // Chunks end at the RIFF chunk's end; whatever follows it is not the image's.
    if (this.position >= this.riffEnd) this.done();
  }

  private done(): void {
    this.state = 'done';
  }
}

/** The WebP without metadata chunks; throws WebpStructureError for a malformed, cut-off or animated file. */
export function stripWebpMetadata(bytes: Uint8Array): Buffer {
  const reader = new WebpChunkReader();
  const out: Buffer[] = [];
  reader.write(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), out);
  reader.end();
  return Buffer.concat([reader.riffHeader(), ...out]);
}

/**
 * stripWebpMetadata as a stream (MetadataFilter): the kept chunks, passed on as they arrive, without
 * the 12-byte RIFF header, which `riffHeader()` gives once the stream has ended (ObjectStorage.putStream
 * puts it in front). `onHeader` is given the first chunk's header before any pixel data has passed,
 * and `onEnd` the EXIF orientation once the file has passed whole; either may throw to refuse it
 * (errors are WebpStructureError unless they threw something else).
 */
export class WebpMetadataFilter extends MetadataFilter<WebpHeader, WebpChunkReader> {
  constructor(onHeader?: (header: WebpHeader) => void, onEnd?: (orientation: number | undefined) => void) {
    super(new WebpChunkReader(), onHeader, onEnd && ((reader) => onEnd(reader.orientation)));
  }

  get orientation(): number | undefined {
    return this.reader.orientation;
  }

  riffHeader(): Buffer {
    return this.reader.riffHeader();
  }
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
