import { ErrorCode } from '@vton/contracts';
import { ApiException } from '@vton/service-kit';
import type { Request, Response } from 'express';
import multer, { type UploadedFile } from 'multer';

export type { UploadedFile };

export interface MultipartOptions {
  /** The form field carrying the file(s). */
  field: string;
  maxFiles: number;
  maxFileBytes: number;
}

export interface MultipartBody {
  files: UploadedFile[];
  fields: Record<string, string>;
}

// Text fields travel beside the file only for svc-generation's result upload (prompt, metadata).
const MAX_FIELD_BYTES = 1024 * 1024;
const MAX_FIELDS = 20;

/**
 * Reads a multipart request. The body is parsed as it streams in; a file over the byte
 * limit stops the upload at the limit (the rest is discarded, not kept), and a request
 * whose declared length could only exceed the limits is refused before reading it.
 */
export async function readMultipart(req: Request, res: Response, options: MultipartOptions): Promise<MultipartBody> {
  if (!req.is('multipart/form-data')) {
    throw new ApiException(400, ErrorCode.INVALID_INPUT, `Send the image as multipart/form-data in the field "${options.field}"`);
  }
  const declared = Number(req.headers['content-length']);
  const largestPossible = options.maxFiles * options.maxFileBytes + MAX_FIELDS * MAX_FIELD_BYTES + 64 * 1024;
  if (Number.isFinite(declared) && declared > largestPossible) {
    // Not worth reading: close the connection rather than drain gigabytes.
    res.setHeader('Connection', 'close');
    throw tooLarge(options.maxFileBytes);
  }
  const upload = multer({
    storage: multer.memoryStorage(),
    // Browsers send file names as UTF-8 bytes.
    defParamCharset: 'utf8',
    limits: { fileSize: options.maxFileBytes, files: options.maxFiles, fields: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES, parts: options.maxFiles + MAX_FIELDS },
  }).array(options.field, options.maxFiles);
  await new Promise<void>((resolve, reject) => {
    upload(req, res, (error?: unknown) => (error ? reject(uploadError(error, options)) : resolve()));
  });
  const files = ((req as Request & { files?: UploadedFile[] }).files ?? []).map((file) => ({ ...file, originalname: safeFilename(file.originalname) }));
  if (files.length === 0) throw new ApiException(400, ErrorCode.INVALID_INPUT, `No file received in the field "${options.field}"`);
  const fields = Object.fromEntries(Object.entries((req.body ?? {}) as Record<string, unknown>).filter(([, v]) => typeof v === 'string')) as Record<string, string>;
  return { files, fields };
}

function uploadError(error: unknown, options: MultipartOptions): ApiException {
  if (error instanceof ApiException) return error;
  const code = (error as { code?: string }).code;
  switch (code) {
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
