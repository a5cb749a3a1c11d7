/**
 * The bytes of one part of a file read piece by piece (a header, a segment, a chunk's head), kept
 * until the part is whole: the push parsers (JpegSegmentReader, WebpChunkReader, PngMetadataFilter)
 * read a part that a piece of the stream cut in two this way.
 */
export class PartBytes {
  private pieces: Buffer[] = [];
  /** Bytes kept so far. */
  length = 0;

  add(piece: Buffer): void {
    this.pieces.push(piece);
    this.length += piece.length;
  }

  /** Adds the bytes of `input` from `at` that the part still needs to be `need` long; answers how many it took. */
  fill(input: Buffer, at: number, need: number): number {
    const piece = input.subarray(at, at + need - this.length);
    this.add(piece);
    return piece.length;
  }

  /** The bytes kept, in one buffer; they stay kept. */
  whole(): Buffer {
    if (this.pieces.length > 1) this.pieces = [Buffer.concat(this.pieces, this.length)];
    return this.pieces[0] ?? Buffer.alloc(0);
  }

  /** The bytes kept, in one buffer; the next part starts empty. */
  take(): Buffer {
    const bytes = this.whole();
    this.clear();
    return bytes;
  }

  clear(): void {
    this.pieces = [];
    this.length = 0;
  }
}
