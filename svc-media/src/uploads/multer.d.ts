// multer ships no types and @types/multer is not installed; only what svc-media uses.
declare module 'multer' {
  import type { RequestHandler } from 'express';

  export interface UploadedFile {
    fieldname: string;
    originalname: string;
    mimetype: string;
    size: number;
    buffer: Buffer;
  }

  /** A custom storage engine (multer's StorageEngine.md): `file.stream` carries the part's bytes. */
  export interface StorageEngine {
    _handleFile(req: import('express').Request, file: UploadedFile & { stream: import('node:stream').Readable }, cb: (error: Error | null, info?: { buffer?: Buffer; stored?: unknown; size: number }) => void): void;
    _removeFile(req: import('express').Request, file: UploadedFile, cb: (error: Error | null) => void): void;
  }

  interface Limits {
    fieldNameSize?: number;
    fieldSize?: number;
    fields?: number;
    fileSize?: number;
    files?: number;
    parts?: number;
  }

  interface Multer {
    array(field: string, maxCount?: number): RequestHandler;
    single(field: string): RequestHandler;
  }

  interface MulterFactory {
    (options: { storage?: StorageEngine; limits?: Limits; defParamCharset?: string }): Multer;
    memoryStorage(): StorageEngine;
    MulterError: new (code: string, field?: string) => Error & { code: string; field?: string };
  }

  const multer: MulterFactory;
  export default multer;
}
