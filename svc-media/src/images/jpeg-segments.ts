import { MetadataFilter } from './metadata-filter.js';
import { PartBytes } from './part-bytes.js';

/**
 * JPEG segment surgery: metadata is removed from a JPEG by dropping its metadata segments instead
 * of decoding and re-encoding it. The entropy-coded data, tables and frame headers are copied
 * byte for byte, so the stored photo decodes to exactly the upload's pixels (no second lossy
 * generation).
 *
 * Kept: everything a decoder needs (DQT, DHT, DAC, DRI, SOFn, SOS and the scans, DNL), APP0 JFIF
 * (without its thumbnail) and APP14 Adobe (both say how the components map to colours), and
 * APP2 ICC_PROFILE (how the numbers map to colours: without it a Display-P3 photo would show
 * shifted; a colour profile says nothing about the person or the camera's owner). Dropped: APP1
 * (EXIF — camera, GPS, dates, its thumbnail — and XMP), APP13 (IPTC/Photoshop), APP2 MPF (further
 * images after the end), JFXX and JFIF thumbnails, every other APPn, COM, and anything after EOI.
 *
 * One reader (JpegSegmentReader) does it for a whole file (stripJpegMetadata) and for a stream
 * (JpegMetadataFilter): segments are read whole (at most 64 KB each), the scan data passes through
 * as it arrives, so a photo is never held whole.
 */

export class JpegStructureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JpegStructureError';
  }
}

/** What the segments before the first scan say: enough to decide how the photo is stored, before any pixel data. */
export interface JpegHeader {
  width: number;
  height: number;
  /** 1 grey, 3 YCbCr/RGB, 4 CMYK/YCCK. */
  components: number;
  /** The EXIF orientation (1–8, as libvips clips it), 1 without EXIF; undefined when an EXIF segment could not be read. */
  orientation: number | undefined;
}

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const APP0 = 0xe0;
const APP1 = 0xe1;
const APP2 = 0xe2;
const APP14 = 0xee;
const COM = 0xfe;

const startsWith = (buf: Buffer, at: number, text: string) => buf.toString('latin1', at, at + text.length) === text;
const isSof = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/**
 * The segment walk as a push parser: `write` each piece of the file as it comes and collect what is
 * kept; `end` once it ended. Throws JpegStructureError for a stream that is cut off or malformed.
 */
export class JpegSegmentReader {
  /** Bytes of the part being read (SOI, a marker, a whole segment) until it is whole. */
  private readonly part = new PartBytes();
  private state: 'soi' | 'marker' | 'segment' | 'scan' | 'done' = 'soi';
  /** In a scan: the last byte seen was 0xFF (its meaning depends on the next one). */
  private scanFf = false;
  /** Bytes read before the current piece (for messages). */
  private offset = 0;
  private sof: { width: number; height: number; components: number } | undefined;
  private orientation: number | undefined = 1;
  /** Set when the first scan begins: every header segment has passed. */
  header: JpegHeader | undefined;

  write(input: Buffer, out: Buffer[]): void {
    let at = 0;
    while (at < input.length && this.state !== 'done') {
      if (this.state === 'scan') {
        at = this.scan(input, at, out);
        continue;
      }
      const need = this.need();
      if (need === undefined) {
        // A marker: skip fill bytes (0xFF runs) before its code.
        const byte = input[at];
        if (this.part.length === 0 && byte !== 0xff) throw new JpegStructureError(`expected a marker at byte ${this.offset + at}`);
        if (this.part.length === 1 && byte === 0xff) {
          at++;
          continue;
        }
        this.part.add(input.subarray(at, at + 1));
        at++;
        if (this.part.length === 2) this.markerRead(out);
        continue;
      }
      at += this.part.fill(input, at, need);
      if (this.part.length === need) this.partRead(out);
    }
    this.offset += input.length;
  }

  end(): void {
    if (this.state === 'done') return;
    if (this.state === 'soi') throw new JpegStructureError('not a JPEG (no SOI marker)');
    if (this.state === 'scan') throw new JpegStructureError('cut off inside the image data');
    if (this.state === 'marker') throw new JpegStructureError(this.part.length === 0 ? 'cut off before the end-of-image marker' : 'cut off inside a marker');
    const marker = this.part.whole()[1];
    throw new JpegStructureError(this.part.length < 4 ? 'cut off inside a segment header' : `a segment (marker 0x${marker.toString(16)}) is cut off`);
  }

  /** Bytes the current part needs whole: undefined while reading a marker. */
  private need(): number | undefined {
    if (this.state === 'soi') return 4;
    if (this.state === 'marker') return undefined;
    // A segment: its header, then its length.
    if (this.part.length < 4) return 4;
    return 2 + this.part.whole().readUInt16BE(2);
  }

  private partRead(out: Buffer[]): void {
    const bytes = this.part.whole();
    if (this.state === 'soi') {
      // The whole-file check (at least 4 bytes, SOI first), then the bytes after SOI are a marker.
      if (bytes[0] !== 0xff || bytes[1] !== SOI) throw new JpegStructureError('not a JPEG (no SOI marker)');
      out.push(bytes.subarray(0, 2));
      this.part.clear();
      this.state = 'marker';
      const offset = this.offset;
      this.offset = 2;
      this.write(bytes.subarray(2), out);
      this.offset = offset;
      return;
    }
    const length = bytes.readUInt16BE(2);
    if (length < 2) throw new JpegStructureError('a segment length is out of range');
    if (bytes.length === 4 && length > 2) return; // the length is known now: read on to the segment's end
    this.part.clear();
    this.segment(bytes, out);
  }

  private markerRead(out: Buffer[]): void {
    const marker = this.part.whole()[1];
    if (marker === EOI) {
      out.push(Buffer.from([0xff, EOI]));
      this.part.clear();
      this.state = 'done';
      return;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      // TEM and RSTn carry no length.
      out.push(Buffer.from([0xff, marker]));
      this.part.clear();
      return;
    }
    this.state = 'segment';
  }

  private segment(buf: Buffer, out: Buffer[]): void {
    const marker = buf[1];
    const length = buf.length - 2;
    this.state = 'marker';
    if (marker === SOS) {
      out.push(buf);
      this.header ??= this.headerSoFar();
      this.state = 'scan';
      this.scanFf = false;
      return;
    }
    if (isSof(marker) && length >= 8) {
      this.sof ??= { height: buf.readUInt16BE(5), width: buf.readUInt16BE(7), components: buf[9] };
    }
    if (marker === APP0) {
      // JFIF: version, units and density kept; the thumbnail (if any) dropped. JFXX and others: dropped.
      if (startsWith(buf, 4, 'JFIF\0') && length >= 16) {
        const jfif = Buffer.from(buf.subarray(0, 18));
        jfif.writeUInt16BE(16, 2);
        jfif[16] = 0;
        jfif[17] = 0;
        out.push(jfif);
      }
    } else if (marker === APP1) {
      // Dropped; read for its orientation first (libvips reads the last EXIF segment).
      if (startsWith(buf, 4, 'Exif\0')) this.orientation = exifOrientation(buf.subarray(10));
    } else if (marker === APP2) {
      if (startsWith(buf, 4, 'ICC_PROFILE\0')) out.push(buf);
    } else if (marker === APP14) {
      if (startsWith(buf, 4, 'Adobe')) out.push(buf);
    } else if ((marker >= 0xe0 && marker <= 0xef) || marker === COM) {
      // Metadata: EXIF/XMP (APP1), IPTC (APP13), MPF, maker segments, comments.
    } else {
      out.push(buf);
    }
  }

  /** Without a frame header (no decoder reads that) the size is 0: the caller refuses it as unreadable. */
  private headerSoFar(): JpegHeader {
    return { width: 0, height: 0, components: 0, ...this.sof, orientation: this.orientation };
  }

  /** Copies entropy-coded data up to the next marker that is not stuffing (FF00), a restart (RSTn) or fill. */
  private scan(input: Buffer, from: number, out: Buffer[]): number {
    if (this.scanFf) {
      // The 0xFF that ended the previous piece was held back; what follows it decides.
      const next = input[from];
      if (isScanData(next)) {
        out.push(Buffer.from([0xff, next]));
        this.scanFf = false;
        return from + 1;
      }
      if (next === 0xff) {
        out.push(Buffer.from([0xff]));
        return from + 1;
      }
      this.scanFf = false;
      this.state = 'marker';
      this.part.add(Buffer.from([0xff]));
      return from;
    }
    const end = markerInScan(input, from);
    out.push(input.subarray(from, end));
    if (end === input.length) return end;
    if (end === input.length - 1) {
      this.scanFf = true;
      return input.length;
    }
    this.state = 'marker';
    return end;
  }
}

/** The JPEG without metadata segments; throws JpegStructureError for a stream that is cut off or malformed. */
export function stripJpegMetadata(bytes: Uint8Array): Buffer {
  const reader = new JpegSegmentReader();
  const out: Buffer[] = [];
  reader.write(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), out);
  reader.end();
  return Buffer.concat(out);
}

/**
 * stripJpegMetadata as a stream (MetadataFilter): the same segments kept, passed on as they arrive.
 * `onHeader` is given the header once the first scan begins, before any of its pixel data has passed;
 * errors are JpegStructureError unless `onHeader` threw something else.
 */
export class JpegMetadataFilter extends MetadataFilter<JpegHeader, JpegSegmentReader> {
  constructor(onHeader?: (header: JpegHeader) => void) {
    super(new JpegSegmentReader(), onHeader);
  }
}

/** The Orientation tag (0x0112) of IFD0 in a TIFF block, clipped to 1–8; undefined when the block cannot be read. */
export function exifOrientation(tiff: Buffer): number | undefined {
  if (tiff.length < 8) return undefined;
  const order = tiff.toString('latin1', 0, 2);
  if (order !== 'II' && order !== 'MM') return undefined;
  const le = order === 'II';
  const u16 = (at: number) => (le ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (le ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  if (u16(2) !== 42) return undefined;
  const ifd = u32(4);
  if (ifd + 2 > tiff.length) return undefined;
  const count = u16(ifd);
  for (let n = 0; n < count; n++) {
    const entry = ifd + 2 + n * 12;
    if (entry + 12 > tiff.length) return undefined;
    if (u16(entry) !== 0x0112) continue;
    // SHORT (type 3), one value, in the first two bytes of the value field.
    if (u16(entry + 2) !== 3) return undefined;
    return Math.min(8, Math.max(1, u16(entry + 8)));
  }
  return 1;
}

/** Inside a scan, an 0xFF followed by `next` is still image data: stuffing (FF00) or a restart (RSTn). */
const isScanData = (next: number) => next === 0x00 || (next >= 0xd0 && next <= 0xd7);

/**
 * The next 0xFF from `from` on that begins a marker (not stuffing, a restart or fill); `buf.length`
 * when there is none, `buf.length - 1` when the last byte is an 0xFF (the next byte decides).
 */
function markerInScan(buf: Buffer, from: number): number {
  let i = from;
  for (;;) {
    i = buf.indexOf(0xff, i);
    if (i < 0) return buf.length;
    if (i + 1 >= buf.length) return i;
    const next = buf[i + 1];
    if (isScanData(next)) {
      i += 2;
    } else if (next === 0xff) {
      i += 1;
    } else {
      return i;
    }
  }
}

/** Where the entropy-coded data after an SOS header ends: the next marker that is not stuffing (FF00), a restart (RSTn) or fill. */
function endOfScan(buf: Buffer, from: number): number {
  const end = markerInScan(buf, from);
  if (end >= buf.length - 1) throw new JpegStructureError('cut off inside the image data');
  return end;
}

/** The marker bytes of a JPEG's segments in order (tests and diagnostics), e.g. ['E0', 'DB', 'C0', …]. */
export function jpegMarkers(bytes: Uint8Array): string[] {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const markers: string[] = [];
  let pos = 2;
  while (pos + 4 <= buf.length && buf[pos] === 0xff) {
    const marker = buf[pos + 1];
    markers.push(marker.toString(16).toUpperCase());
    if (marker === EOI) break;
    const end = pos + 2 + buf.readUInt16BE(pos + 2);
    pos = marker === SOS ? endOfScan(buf, end) : end;
  }
  return markers;
}
