import { Transform, type TransformCallback } from 'node:stream';

/** A metadata-stripping reader fed a file piece by piece (JpegSegmentReader, WebpChunkReader). */
export interface MetadataReader<H> {
  /** Set once the header has passed, before any pixel data. */
  readonly header: H | undefined;
  /** Reads `input`, appending the bytes kept to `out`; throws the format's structure error. */
  write(input: Buffer, out: Buffer[]): void;
  /** The file has ended; throws when it is cut off. */
  end(): void;
}

/**
 * A reader as a stream: the kept bytes passed on as they arrive. They leave before the file is known
 * to be sound, so whoever stores them must only make them visible once the stream has ended without
 * an error (ObjectStorage.putStream does). `onHeader` is given the header before any pixel data has
 * passed and `onEnd` the reader once the whole file has; either may throw to refuse the image (a pixel
 * flood, a photo that must be decoded), and that error is the stream's.
 */
export class MetadataFilter<H, R extends MetadataReader<H>> extends Transform {
  private announced = false;

  constructor(
    protected readonly reader: R,
    private readonly onHeader?: (header: H) => void,
    private readonly onEnd?: (reader: R) => void,
  ) {
    super();
  }

  get header(): H | undefined {
    return this.reader.header;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    try {
      const out: Buffer[] = [];
      this.reader.write(chunk, out);
      if (this.reader.header && !this.announced) {
        this.announced = true;
        this.onHeader?.(this.reader.header);
      }
      for (const piece of out) this.push(piece);
      done();
    } catch (error) {
      done(error as Error);
    }
  }

  override _flush(done: TransformCallback): void {
    try {
      this.reader.end();
      this.onEnd?.(this.reader);
      done();
    } catch (error) {
      done(error as Error);
    }
  }
}
