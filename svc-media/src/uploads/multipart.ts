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
  /**
   * The first file is not held in memory: its bytes are handed to `store` as they arrive and what it
   * answers becomes the file's `stored` (no `buffer`). If the request fails after that, `discard` is
   * given it; once readMultipart has answered, what was stored is the caller's to keep or discard.
   */
  streamFirstFile?: StreamedFile;
}

export interface StreamedFile {
  store(bytes: Readable): Promise<unknown>;
  discard(stored: unknown): Promise<void>;
}

export interface MultipartBody {
  files: (UploadedFile & { stored?: unknown })[];
  fields: Record<string, string>;
}

// Text fields travel beside the file only for svc-generation's result upload (prompt, metadata).
const MAX_FIELD_BYTES = 1024 * 1024;
const MAX_FIELDS = 20;

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
  const upload = multer({
    storage: cappedMemoryStorage(options.maxRequestBytes, options.streamFirstFile),
    // Browsers send file names as UTF-8 bytes.
    defParamCharset: 'utf8',
    limits: { fileSize: options.maxFileBytes, files: options.maxFiles, fields: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES, parts: options.maxFiles + MAX_FIELDS },
  }).array(options.field, options.maxFiles);
  await new Promise<void>((resolve, reject) => {
    upload(req, res, (error?: unknown) => (error ? reject(error instanceof StoreFailed ? error.cause : uploadError(error, options)) : resolve()));
  });
  const files = ((req as Request & { files?: UploadedFile[] }).files ?? []).map((file) => ({ ...file, originalname: safeFilename(file.originalname) }));
  if (files.length === 0) throw new ApiException(400, ErrorCode.INVALID_INPUT, `No file received in the field "${options.field}"`);
  const fields = Object.fromEntries(Object.entries((req.body ?? {}) as Record<string, unknown>).filter(([, v]) => typeof v === 'string')) as Record<string, string>;
  return { files, fields };
}

const LIMIT_REQUEST_SIZE = 'LIMIT_REQUEST_SIZE';

/** `streamFirstFile.store` failed: its error is the request's as it is (a refused image, storage or the database down), not a multipart one. */
class StoreFailed extends Error {
  constructor(override readonly cause: unknown) {
    super('the streamed file could not be stored');
  }
}

/**
 * multer's memory storage with one budget for the whole request: the files' bytes are
 * counted as they arrive, and the upload stops once together they pass `maxRequestBytes`
 * (multer then drops what it kept and drains the rest of the body unread).
 */
function cappedMemoryStorage(maxRequestBytes: number, streamFirstFile?: StreamedFile): StorageEngine {
  let total = 0;
  let files = 0;
  const tooLargeError = () => Object.assign(new Error('request too large'), { code: LIMIT_REQUEST_SIZE });
  return {
    _handleFile(_req, file, cb) {
      if (streamFirstFile && files++ === 0) {
        // Counted like the others; the part is paused while `store` catches up (backpressure to the sender).
        const bytes = new PassThrough();
        let size = 0;
        file.stream.on('data', (chunk: Buffer) => {
          if (bytes.destroyed) return;
          total += chunk.length;
          size += chunk.length;
          if (total > maxRequestBytes) {
            bytes.destroy(tooLargeError());
            file.stream.resume();
            return;
          }
          if (!bytes.write(chunk)) {
            file.stream.pause();
            bytes.once('drain', () => file.stream.resume());
          }
        });
        file.stream.on('end', () => bytes.end());
        file.stream.on('error', (error: Error) => bytes.destroy(error));
        streamFirstFile.store(bytes).then(
          (stored) => cb(null, { stored, size }),
          (error: Error) => {
            // Keep the part flowing so busboy can move on; the rest of its bytes are thrown away.
            bytes.destroy();
            file.stream.resume();
            const limit = bytes.errored && (bytes.errored as { code?: string }).code === LIMIT_REQUEST_SIZE;
            cb(limit ? (bytes.errored as Error) : new StoreFailed(error));
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
      delete (file as Partial<UploadedFile>).buffer;
      const { stored } = file as UploadedFile & { stored?: unknown };
      if (stored !== undefined && streamFirstFile) void streamFirstFile.discard(stored).then(() => cb(null), cb);
      else cb(null);
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
