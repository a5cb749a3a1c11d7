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
    (options: { storage?: unknown; limits?: Limits; defParamCharset?: string }): Multer;
    memoryStorage(): unknown;
    MulterError: new (code: string, field?: string) => Error & { code: string; field?: string };
  }

  const multer: MulterFactory;
  export default multer;
}
