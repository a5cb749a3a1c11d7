/** One part of a multipart/form-data body. */
export interface FormPart {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer;
}

export class MultipartError extends Error {}

/** The boundary of a `multipart/form-data; boundary=…` content type, or null. */
export function boundaryOf(contentType: string | undefined): string | null {
  if (!contentType || !/^multipart\/form-data/i.test(contentType)) return null;
  const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return match ? (match[1] ?? match[2]) : null;
}

/**
 * Splits a whole multipart/form-data body (RFC 7578) into its parts. The engine's requests are
 * three small PNGs and three short fields, so reading the body whole is simpler than streaming.
 */
export function parseMultipart(body: Buffer, boundary: string): FormPart[] {
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: FormPart[] = [];
  let start = body.indexOf(delimiter);
  if (start < 0) throw new MultipartError('multipart boundary not found');
  for (;;) {
    let cursor = start + delimiter.length;
    // "--" after a delimiter closes the body.
    if (body[cursor] === 0x2d && body[cursor + 1] === 0x2d) return parts;
    if (body[cursor] === 0x0d && body[cursor + 1] === 0x0a) cursor += 2;
    const headerEnd = body.indexOf('\r\n\r\n', cursor);
    if (headerEnd < 0) throw new MultipartError('multipart part without headers');
    const headers = parseHeaders(body.subarray(cursor, headerEnd).toString('utf8'));
    const next = body.indexOf(Buffer.from(`\r\n--${boundary}`), headerEnd + 4);
    if (next < 0) throw new MultipartError('multipart body is not terminated');
    const disposition = headers['content-disposition'] ?? '';
    const name = /\bname="([^"]*)"/i.exec(disposition)?.[1];
    if (name === undefined) throw new MultipartError('multipart part without a name');
    const filename = /\bfilename="([^"]*)"/i.exec(disposition)?.[1];
    parts.push({ name, filename, contentType: headers['content-type'], data: body.subarray(headerEnd + 4, next) });
    start = next + 2;
  }
}

function parseHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}
