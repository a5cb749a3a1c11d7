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
 */

export class JpegStructureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JpegStructureError';
  }
}

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const APP0 = 0xe0;
const APP2 = 0xe2;
const APP14 = 0xee;
const COM = 0xfe;

const startsWith = (buf: Buffer, at: number, text: string) => buf.toString('latin1', at, at + text.length) === text;

/** The JPEG without metadata segments; throws JpegStructureError for a stream that is cut off or malformed. */
export function stripJpegMetadata(bytes: Uint8Array): Buffer {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buf.length < 4 || buf[0] !== 0xff || buf[1] !== SOI) throw new JpegStructureError('not a JPEG (no SOI marker)');
  const parts: Buffer[] = [buf.subarray(0, 2)];
  let pos = 2;
  for (;;) {
    if (pos >= buf.length) throw new JpegStructureError('cut off before the end-of-image marker');
    if (buf[pos] !== 0xff) throw new JpegStructureError(`expected a marker at byte ${pos}`);
    // Fill bytes (0xFF runs) may precede a marker.
    while (pos + 1 < buf.length && buf[pos + 1] === 0xff) pos++;
    const marker = buf[pos + 1];
    if (marker === undefined) throw new JpegStructureError('cut off inside a marker');
    if (marker === EOI) {
      parts.push(buf.subarray(pos, pos + 2));
      return Buffer.concat(parts);
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      // TEM and RSTn carry no length.
      parts.push(buf.subarray(pos, pos + 2));
      pos += 2;
      continue;
    }
    if (pos + 4 > buf.length) throw new JpegStructureError('cut off inside a segment header');
    const length = buf.readUInt16BE(pos + 2);
    if (length < 2) throw new JpegStructureError('a segment length is out of range');
    const end = pos + 2 + length;
    if (end > buf.length) throw new JpegStructureError(`a segment (marker 0x${marker.toString(16)}) is cut off`);
    const payload = pos + 4;
    if (marker === SOS) {
      parts.push(buf.subarray(pos, end));
      const scanEnd = endOfScan(buf, end);
      parts.push(buf.subarray(end, scanEnd));
      pos = scanEnd;
      continue;
    }
    if (marker === APP0) {
      // JFIF: version, units and density kept; the thumbnail (if any) dropped. JFXX and others: dropped.
      if (startsWith(buf, payload, 'JFIF\0') && length >= 16) {
        const jfif = Buffer.from(buf.subarray(pos, pos + 18));
        jfif.writeUInt16BE(16, 2);
        jfif[16] = 0;
        jfif[17] = 0;
        parts.push(jfif);
      }
    } else if (marker === APP2) {
      if (startsWith(buf, payload, 'ICC_PROFILE\0')) parts.push(buf.subarray(pos, end));
    } else if (marker === APP14) {
      if (startsWith(buf, payload, 'Adobe')) parts.push(buf.subarray(pos, end));
    } else if ((marker >= 0xe0 && marker <= 0xef) || marker === COM) {
      // Metadata: EXIF/XMP (APP1), IPTC (APP13), MPF, maker segments, comments.
    } else {
      parts.push(buf.subarray(pos, end));
    }
    pos = end;
  }
}

/** Where the entropy-coded data after an SOS header ends: the next marker that is not stuffing (FF00), a restart (RSTn) or fill. */
function endOfScan(buf: Buffer, from: number): number {
  let i = from;
  for (;;) {
    i = buf.indexOf(0xff, i);
    if (i < 0 || i + 1 >= buf.length) throw new JpegStructureError('cut off inside the image data');
    const next = buf[i + 1];
    if (next === 0x00 || (next >= 0xd0 && next <= 0xd7)) {
      i += 2;
      continue;
    }
    if (next === 0xff) {
      i += 1;
      continue;
    }
    return i;
  }
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
