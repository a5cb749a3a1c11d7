import { applyDecorators } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse } from '@nestjs/swagger';
import { ApiRecordIdRule } from '../validation/record-id.js';

/**
 * How the path's `:id` is checked before the record is looked up: a record id (RecordIdPipe) or a
 * UUID (ParseUUIDPipe).
 */
export type OwnRecordId = 'record id' | 'uuid';

/**
 * A route on one of the caller's own records, named by the path's `:id`, in the OpenAPI document:
 * the 404 when it names no `noun` of theirs and, with `id`, the 400 of the id's rule. Every
 * service words these two answers alike.
 */
export function ApiOwnRecord(noun: string, id?: OwnRecordId): MethodDecorator {
  const notFound = ApiNotFoundResponse({ description: `No such ${noun} of yours.` });
  if (id === 'record id') return applyDecorators(ApiRecordIdRule(), notFound);
  if (id === 'uuid') return applyDecorators(ApiBadRequestResponse({ description: 'The id is not a UUID.' }), notFound);
  return notFound;
}
