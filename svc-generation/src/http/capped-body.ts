/** A response body longer than the reader's cap. */
export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`response larger than ${formatBytes(limit)}`);
    this.name = 'BodyTooLargeError';
  }
}

/**
 * Reads a fetch response's body, but never more than `maxBytes`: a declared Content-Length over
 * the cap is refused before reading, and a body without one (or lying about it) is read as a
 * stream and abandoned as soon as it passes the cap. Either way the connection is released.
 */
export async function readCappedBody(response: Response, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw new BodyTooLargeError(maxBytes);
  }
  if (!response.body) return Buffer.alloc(0);
  const reader = response.body.getReader();
  // With a declared length the chunks are copied into one buffer as they come (no list of them and
  // no second copy at the end); a body longer than declared falls back to collecting.
  let whole = Number.isFinite(declared) ? Buffer.allocUnsafe(declared) : undefined;
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (size + value.byteLength > maxBytes) {
      chunks.length = 0;
      await reader.cancel().catch(() => undefined);
      throw new BodyTooLargeError(maxBytes);
    }
    if (whole && size + value.byteLength <= whole.length) whole.set(value, size);
    else {
      if (whole) chunks.push(whole.subarray(0, size));
      whole = undefined;
      chunks.push(value);
    }
    size += value.byteLength;
  }
  if (whole) return size === whole.length ? whole : whole.subarray(0, size);
  return Buffer.concat(chunks, size);
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round((bytes / 1024) * 10) / 10} KB`;
  return `${bytes} bytes`;
}
