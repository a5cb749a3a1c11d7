import { randomBytes } from 'node:crypto';

/** One part of a multipart/form-data body to send: a text field, or a file's bytes. */
export type OutgoingPart = { name: string; value: string } | { name: string; filename: string; contentType: string; data: Buffer };

/**
 * A multipart/form-data body (RFC 7578) in one Buffer, with its content type. Unlike a FormData of
 * Blobs, which copies each file into a Blob and then again into the chunks it is sent in, the files'
 * bytes are copied once: a worker sends megabytes per model, and every copy is garbage its major
 * collections pay for (BENCHMARKS.md, issue 35). Names and file names are ours (ASCII, no quotes);
 * a field's value is sent as UTF-8, as FormData sends it.
 */
export function multipartBody(parts: OutgoingPart[]): { body: Buffer<ArrayBuffer>; contentType: string } {
  const boundary = `----vton${randomBytes(16).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = 'data' in part ? `form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType}` : `form-data; name="${part.name}"`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n`, 'utf8'), 'data' in part ? part.data : Buffer.from(part.value, 'utf8'), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
