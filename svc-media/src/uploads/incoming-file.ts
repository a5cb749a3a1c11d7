import type { Readable, Writable } from 'node:stream';

/**
 * One uploaded file as it arrives: every byte is kept (until `release`), and can be passed on to a
 * stream as well (`pipeTo`) while it arrives.
 *
 * The bytes are kept because the image library reads a file only whole (sharp collects a stream
 * input into one buffer before libvips opens it): a model photo's thumbnail, and a photo that must be
 * decoded after all, are made from them once the file has arrived. Files of one request are stored
 * one at a time (readMultipart reads only the next one ahead), so a request holds at most two files
 * whole, never all of them.
 */
export class IncomingFile {
  private readonly chunks: Buffer[] = [];
  private size = 0;
  private ended = false;
  private released = false;
  private failure: Error | undefined;
  private sink: Writable | undefined;
  private readonly waiting = new Set<() => void>();

  constructor(private readonly input: Readable) {
    input.on('data', (chunk: Buffer) => {
      if (this.released) return;
      this.chunks.push(chunk);
      this.size += chunk.length;
      if (this.sink && !this.sink.destroyed) this.sink.write(chunk);
      this.wake();
    });
    input.on('end', () => {
      this.ended = true;
      if (this.sink && !this.sink.destroyed) this.sink.end();
      this.wake();
    });
    input.on('error', (error: Error) => this.fail(error));
    input.on('close', () => {
      if (!this.ended) this.fail(new Error('the upload ended early'));
    });
    // Gone before its turn came (the request failed meanwhile).
    if (input.destroyed) this.fail(input.errored ?? new Error('the upload ended early'));
  }

  /** The first `count` bytes (fewer when the file is shorter), once they have arrived. */
  async first(count: number): Promise<Buffer> {
    await this.until(() => this.size >= count);
    const head: Buffer[] = [];
    for (let bytes = 0, i = 0; bytes < count && i < this.chunks.length; bytes += this.chunks[i++].length) head.push(this.chunks[i]);
    return Buffer.concat(head).subarray(0, count);
  }

  /** The whole file, once it has arrived (kept as one buffer from then on, not twice). */
  async whole(): Promise<Buffer> {
    await this.until(() => false);
    const whole = Buffer.concat(this.chunks, this.size);
    this.chunks.splice(0, this.chunks.length, whole);
    return whole;
  }

  /**
   * Writes the bytes that arrived so far to `sink`, then each one as it arrives, and ends it with the
   * file (or destroys it with the upload's error). Nothing waits for `sink`: the bytes are kept anyway.
   */
  pipeTo(sink: Writable): void {
    this.sink = sink;
    // Whoever reads the sink sees its error (a stream's iterator reports one from before it began):
    // an error raised while the first bytes are written must not go unhandled meanwhile.
    sink.on('error', () => undefined);
    for (const chunk of this.chunks) sink.write(chunk);
    if (this.failure) sink.destroy(this.failure);
    else if (this.ended) sink.end();
  }

  /** Drops the kept bytes (the file was refused, or is stored). */
  release(): void {
    this.released = true;
    this.chunks.length = 0;
  }

  private fail(error: Error): void {
    if (this.failure || this.ended) return;
    this.failure = error;
    this.sink?.destroy(error);
    this.wake();
  }

  private until(enough: () => boolean): Promise<void> {
    return new Promise((resolve, reject) => {
      const check = () => {
        if (this.failure) reject(this.failure);
        else if (this.ended || enough()) resolve();
        else return;
        this.waiting.delete(check);
      };
      this.waiting.add(check);
      check();
    });
  }

  private wake(): void {
    for (const check of [...this.waiting]) check();
  }
}
