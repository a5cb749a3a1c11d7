import { applyDecorators, createParamDecorator, Injectable, type ExecutionContext, type PipeTransform } from '@nestjs/common';
import { ApiBody, ApiConsumes } from '@nestjs/swagger';
import { DEFAULT_GARMENT_CATEGORY, type GarmentCategory } from '@vton/contracts';
import type { Request, Response } from 'express';
import { MediaConfig } from '../config/media.config.js';
import { readOneFile, type UploadedFile } from './multipart.js';

/**
 * A multipart form with one file in `field` (readOneFile reads it), in the OpenAPI document; with
 * `categories`, also an optional `category` field: one of them, upper body when absent.
 */
export function ApiFileForm(field: string, categories?: readonly GarmentCategory[]): MethodDecorator {
  const properties: Record<string, object> = { [field]: { type: 'string', format: 'binary' } };
  if (categories) properties.category = { type: 'string', enum: [...categories], default: DEFAULT_GARMENT_CATEGORY };
  return applyDecorators(ApiConsumes('multipart/form-data'), ApiBody({ schema: { type: 'object', properties, required: [field] } }));
}

/**
 * Reads the request's form with one file when called (readOneFile, within MediaConfig's upload
 * limits): a handler may first check what it can without the body, such as whose record it names.
 */
export type FileFormReader = () => Promise<{ file: UploadedFile; fields: Record<string, string> }>;

interface FormRequest {
  field: string;
  req: Request;
  res: Response;
}

const FormRequestOf = createParamDecorator((field: string, context: ExecutionContext): FormRequest => {
  const http = context.switchToHttp();
  return { field, req: http.getRequest<Request>(), res: http.getResponse<Response>() };
});

/** A pipe, not the decorator itself, because the limits are MediaConfig's, which only injection gives. */
@Injectable()
class FileFormReaderPipe implements PipeTransform<FormRequest, FileFormReader> {
  constructor(private readonly limits: MediaConfig) {}

  transform({ field, req, res }: FormRequest): FileFormReader {
    return () => readOneFile(req, res, field, this.limits);
  }
}

/** A handler's parameter: the FileFormReader of the request's form with one file in `field`. */
export const FileForm = (field: string): ParameterDecorator => FormRequestOf(field, FileFormReaderPipe);
