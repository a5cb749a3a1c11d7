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
  if (!response.body) return Buffer.alloc(0);
  // Node's web streams are async iterables (the DOM typings say not).
  return readCappedChunks(response.body as unknown as AsyncIterable<Uint8Array>, Number(response.headers.get('content-length') ?? NaN), maxBytes);
}

/**
 * A body's chunks (a web stream's or a Node stream's), but never more than `maxBytes`, as
 * `readCappedBody`: refused before reading when `declared` (its Content-Length, NaN when there is
 * none) is over the cap, abandoned as soon as it passes the cap (leaving the loop cancels the web stream or
 * destroys the Node stream).
 */
export async function readCappedChunks(body: AsyncIterable<Uint8Array>, declared: number, maxBytes: number): Promise<Buffer> {
  if (Number.isFinite(declared) && declared > maxBytes) {
    await abandon(body);
    throw new BodyTooLargeError(maxBytes);
  }
  // With a declared length the chunks are copied into one buffer as they come (no list of them and
  // no second copy at the end); a body longer than declared falls back to collecting.
  let whole = Number.isFinite(declared) ? Buffer.allocUnsafe(declared) : undefined;
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const value of body) {
    if (size + value.byteLength > maxBytes) {
      chunks.length = 0;
      // Leaving the loop by a throw cancels the body.
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

/**
 * Drops a body that is never read. An iterator that was never stepped does nothing on return() for
 * a Node stream (undici's body): the stream is destroyed instead, which closes its connection; a
 * web stream (fetch's) is cancelled.
 */
async function abandon(body: AsyncIterable<Uint8Array>): Promise<void> {
  const stream = body as Partial<{ destroy(): void; on(event: 'error', listener: () => void): void; cancel(): Promise<void> }>;
  if (typeof stream.destroy === 'function') {
    // undici's body reports its own destruction as an 'error' (aborted), which nobody else hears now.
    stream.on?.('error', () => undefined);
    stream.destroy();
  } else if (typeof stream.cancel === 'function') await stream.cancel().catch(() => undefined);
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round((bytes / 1024) * 10) / 10} KB`;
  return `${bytes} bytes`;
}
