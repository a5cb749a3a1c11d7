import { ErrorCode } from '@vton/contracts';
import { ApiException } from '@vton/service-kit';
import type { Request, Response } from 'express';
import multer, { type StorageEngine, type UploadedFile } from 'multer';
import { PassThrough, type Readable } from 'node:stream';

export type { UploadedFile };

export interface MultipartOptions {
  /** The form field carrying the file(s). */
  field: string;
  maxFiles: number;
  maxFileBytes: number;
  /** All files of the request together (MAX_UPLOAD_REQUEST_BYTES): what one request may hold in memory. */
  maxRequestBytes: number;
  /** Files not held in memory: their bytes are handed to `store` as they arrive (StreamedFiles). */
  streamFiles?: StreamedFiles;
}

/**
 * Files whose bytes are handed to `store` as they arrive, and what `store` answers becomes the file's
 * `stored` (no `buffer`). `which: 'first'`: only the first file (the others are held in memory), and
 * a file `store` fails ends the upload with its error at once. `which: 'every'`: each file, one after
 * the other (the next part is read ahead, kept in memory, while the previous file is stored; the part
 * after it waits unread), and a file `store` refuses does not end the upload: the files after it are
 * read but neither kept nor stored, counted against the limits as before, and its error is the
 * request's once the body has been read — unless the body breaks a multipart rule or limit, whose
 * error comes first, as when every file was read before any was checked. Whatever was stored is given to `discard` when the request fails (a
 * refused file, a limit, the client gone); once readMultipart has answered, it is the caller's.
 */
export interface StreamedFiles {
  which: 'first' | 'every';
  store(bytes: Readable, filename: string): Promise<unknown>;
  discard(stored: unknown): Promise<void>;
}

export interface MultipartBody {
  files: (UploadedFile & { stored?: unknown })[];
  fields: Record<string, string>;
}

// Text fields travel beside the file only for svc-generation's result upload (prompt, metadata).
const MAX_FIELD_BYTES = 1024 * 1024;
const MAX_FIELDS = 20;

/** The upload limits of MediaConfig: a file, and all files of one request. */
export interface UploadLimits {
  MAX_UPLOAD_BYTES: number;
  MAX_UPLOAD_REQUEST_BYTES: number;
}

/** A form with one file, in `field`, within the upload limits (an image, a mask), and its text fields. */
export async function readOneFile(req: Request, res: Response, field: string, limits: UploadLimits): Promise<{ file: UploadedFile; fields: Record<string, string> }> {
  const { files, fields } = await readMultipart(req, res, { field, maxFiles: 1, maxFileBytes: limits.MAX_UPLOAD_BYTES, maxRequestBytes: limits.MAX_UPLOAD_REQUEST_BYTES });
  return { file: files[0], fields };
}

/**
 * Reads a multipart request. The body is parsed as it streams in; a file over the byte
 * limit, or files together over the per-request limit, stop the upload there (the rest is
 * discarded, not kept), and a request whose declared length could only exceed the limits
 * is refused before reading it.
 */
export async function readMultipart(req: Request, res: Response, options: MultipartOptions): Promise<MultipartBody> {
  if (!req.is('multipart/form-data')) {
    throw new ApiException(400, ErrorCode.INVALID_INPUT, `Send the image as multipart/form-data in the field "${options.field}"`);
  }
  const declared = Number(req.headers['content-length']);
  const filesAtMost = Math.min(options.maxFiles * options.maxFileBytes, options.maxRequestBytes);
  const largestPossible = filesAtMost + MAX_FIELDS * MAX_FIELD_BYTES + 64 * 1024;
  if (Number.isFinite(declared) && declared > largestPossible) {
    // Not worth reading: close the connection rather than drain gigabytes.
    res.setHeader('Connection', 'close');
    throw options.maxFiles > 1 && options.maxFiles * options.maxFileBytes > options.maxRequestBytes ? requestTooLarge(options.maxRequestBytes) : tooLarge(options.maxFileBytes);
  }
  const storage = cappedMemoryStorage(options.maxRequestBytes, options.maxFileBytes, options.streamFiles);
  const upload = multer({
    storage: storage.engine,
    // Browsers send file names as UTF-8 bytes.
    defParamCharset: 'utf8',
    limits: { fileSize: options.maxFileBytes, files: options.maxFiles, fields: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES, parts: options.maxFiles + MAX_FIELDS },
  }).array(options.field, options.maxFiles);
  try {
    await new Promise<void>((resolve, reject) => {
      upload(req, res, (error?: unknown) => (error ? reject(error instanceof StoreFailed ? error.cause : uploadError(error, options)) : resolve()));
    });
    const refused = await storage.settled();
    if (refused) throw refused.error;
  } catch (error) {
    // Also after a client that went away: each file still being stored finishes (or fails) first.
    await storage.settled();
    await storage.discardStored();
    throw error;
  }
  const files = ((req as Request & { files?: UploadedFile[] }).files ?? []).map((file) => ({ ...file, originalname: safeFilename(file.originalname) }));
  if (files.length === 0) throw new ApiException(400, ErrorCode.INVALID_INPUT, `No file received in the field "${options.field}"`);
  const fields = Object.fromEntries(Object.entries((req.body ?? {}) as Record<string, unknown>).filter(([, v]) => typeof v === 'string')) as Record<string, string>;
  return { files, fields };
}

const LIMIT_REQUEST_SIZE = 'LIMIT_REQUEST_SIZE';

/** `streamFiles.store` failed: its error is the request's as it is (a refused image, storage or the database down), not a multipart one. */
class StoreFailed extends Error {
  constructor(override readonly cause: unknown) {
    super('the streamed file could not be stored');
  }
}

/**
 * multer's memory storage with one budget for the whole request: the files' bytes are
 * counted as they arrive, and the upload stops once together they pass `maxRequestBytes`
 * (multer then drops what it kept and drains the rest of the body unread). Streamed files
 * (StreamedFiles) are handed over as they arrive instead, and what they stored is tracked here.
 */
function cappedMemoryStorage(maxRequestBytes: number, maxFileBytes: number, streamed?: StreamedFiles) {
  let total = 0;
  let files = 0;
  const tooLargeError = () => Object.assign(new Error('request too large'), { code: LIMIT_REQUEST_SIZE });
  /** Each streamed file's store once settled, in order: the next one starts once the previous one settled. */
  const settled: Promise<unknown>[] = [];
  const stores: Promise<unknown>[] = [];
  const stored: unknown[] = [];
  let refused: { error: unknown } | undefined;

  /** Counts a part's bytes against the budget and throws them away (a file after a refused one). */
  const drain = (...[, file, cb]: Parameters<StorageEngine['_handleFile']>) => {
    let size = 0;
    let failed = false;
    file.stream.on('data', (chunk: Buffer) => {
      if (failed) return;
      total += chunk.length;
      size += chunk.length;
      if (total > maxRequestBytes) {
        failed = true;
        cb(tooLargeError());
      }
    });
    file.stream.on('error', (error: Error) => {
      if (!failed) cb(error);
      failed = true;
    });
    file.stream.on('end', () => {
      if (!failed) cb(null, { size });
    });
  };

  const engine: StorageEngine = {
    _handleFile(_req, file, cb) {
      const index = files++;
      if (streamed && (streamed.which === 'every' || index === 0)) {
        if (refused) return drain(_req, file, cb);
        // Counted like the others; the part is paused while `store` catches up (backpressure to the sender).
        // 'every': while the previous file is being stored this one is read ahead into `bytes` (up to the
        // file limit), so the sender need not wait; the file after it waits unread until that one is stored.
        const bytes = new PassThrough(streamed.which === 'every' ? { highWaterMark: maxFileBytes + 1 } : {});
        // Its reader (`store`) sees its error, also one from before it began; until then it must not go unhandled.
        bytes.on('error', () => undefined);
        const turn = settled[settled.length - 1] ?? Promise.resolve();
        const readAhead = settled[settled.length - 2] ?? Promise.resolve();
        let size = 0;
        let ended = false;
        let answered = false;
        const answer = (error: Error | null, info?: { stored?: unknown; size: number }) => {
          if (answered) return;
          answered = true;
          cb(error, info);
        };
        file.stream.pause();
        file.stream.on('data', (chunk: Buffer) => {
          total += chunk.length;
          size += chunk.length;
          if (total > maxRequestBytes) {
            bytes.destroy(tooLargeError());
            file.stream.resume();
            return answer(tooLargeError());
          }
          // A refused file's rest is thrown away (counted above).
          if (bytes.destroyed) return;
          if (!bytes.write(chunk)) {
            file.stream.pause();
            bytes.once('drain', () => file.stream.resume());
          }
        });
        file.stream.on('end', () => {
          ended = true;
          bytes.end();
          if (refused && !bytes.writable) answer(null, { size });
        });
        file.stream.on('error', (error: Error) => {
          bytes.destroy(error);
          answer(error);
        });
        // Over the per-file limit: busboy cuts the part short; the file must not be stored cut short.
        file.stream.on('limit', () => bytes.destroy(Object.assign(new Error('file too large'), { code: 'LIMIT_FILE_SIZE' })));
        void readAhead.then(() => file.stream.resume());
        const store = turn.then(() => {
          if (refused) throw refused.error;
          return streamed.store(bytes, safeFilename(file.originalname));
        });
        settled.push(store.catch(() => undefined));
        stores.push(store);
        store.then(
          (result) => {
            stored.push(result);
            answer(null, { stored: result, size });
          },
          (error: unknown) => {
            const limit = bytes.errored as { code?: string } | null;
            // Keep the part flowing so busboy can move on; the rest of its bytes are thrown away.
            bytes.destroy();
            file.stream.resume();
            if (limit && (limit.code === LIMIT_REQUEST_SIZE || limit.code === 'LIMIT_FILE_SIZE')) return answer(limit as Error);
            if (streamed.which === 'first') return answer(new StoreFailed(error));
            // 'every': the upload reads on; the first refusal is its answer unless the body breaks a rule.
            refused ??= { error };
            if (ended) answer(null, { size });
          },
        );
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      let failed = false;
      const fail = (error: Error) => {
        if (failed) return;
        failed = true;
        chunks.length = 0;
        // Keep the part flowing so busboy can move on; its bytes are thrown away.
        file.stream.resume();
        cb(error);
      };
      file.stream.on('data', (chunk: Buffer) => {
        if (failed) return;
        total += chunk.length;
        if (total > maxRequestBytes) return fail(tooLargeError());
        size += chunk.length;
        chunks.push(chunk);
      });
      file.stream.on('error', fail);
      file.stream.on('end', () => {
        if (failed) return;
        const buffer = Buffer.concat(chunks, size);
        chunks.length = 0;
        cb(null, { buffer, size });
      });
    },
    _removeFile(_req, file, cb) {
      // Streamed files are discarded by readMultipart, once every store has settled.
      delete (file as Partial<UploadedFile>).buffer;
      cb(null);
    },
  };

  return {
    engine,
    /** Waits for every store begun; answers the first refusal ('every'), if any. */
    async settled(): Promise<{ error: unknown } | undefined> {
      await Promise.allSettled(stores);
      return refused;
    },
    /** Gives every stored file to `discard` (once). */
    async discardStored(): Promise<void> {
      for (const result of stored.splice(0)) await streamed?.discard(result);
    },
  };
}

function uploadError(error: unknown, options: MultipartOptions): ApiException {
  if (error instanceof ApiException) return error;
  const code = (error as { code?: string }).code;
  switch (code) {
    case LIMIT_REQUEST_SIZE:
      return requestTooLarge(options.maxRequestBytes);
    case 'LIMIT_FILE_SIZE':
      return tooLarge(options.maxFileBytes);
    case 'LIMIT_FILE_COUNT':
      return new ApiException(400, ErrorCode.INVALID_INPUT, `At most ${options.maxFiles} file(s) per upload`);
    case 'LIMIT_UNEXPECTED_FILE':
      return new ApiException(400, ErrorCode.INVALID_INPUT, `Unexpected file field "${(error as { field?: string }).field}"; send the file in the field "${options.field}"`);
    case 'LIMIT_FIELD_VALUE':
    case 'LIMIT_FIELD_COUNT':
    case 'LIMIT_PART_COUNT':
    case 'LIMIT_FIELD_KEY':
      return new ApiException(400, ErrorCode.INVALID_INPUT, `The form has too many or too long fields (${(error as Error).message})`);
    default:
      return new ApiException(400, ErrorCode.INVALID_INPUT, `The multipart body could not be read: ${(error as Error).message ?? 'malformed'}`);
  }
}

function tooLarge(maxFileBytes: number): ApiException {
  return new ApiException(413, ErrorCode.PAYLOAD_TOO_LARGE, `The file is larger than the ${formatBytes(maxFileBytes)} limit`);
}

function requestTooLarge(maxRequestBytes: number): ApiException {
  return new ApiException(413, ErrorCode.PAYLOAD_TOO_LARGE, `The files of one upload together are larger than the ${formatBytes(maxRequestBytes)} limit; send them in smaller batches`);
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round((bytes / 1024) * 10) / 10} KB`;
  return `${bytes} bytes`;
}

/** The name shown back to the seller: no path, no control characters, bounded length. */
export function safeFilename(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 255);
  return clean || 'image';
}
