import { applyDecorators, Delete, Get, HttpCode } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiOperation, type ApiOperationOptions } from '@nestjs/swagger';
import { ApiOwnRecord, ApiResult } from '@vton/service-kit';

// The routes a seller's records have under their record id (get and files: garments and model
// photos; delete: those and saved results), each one decorator: the 400 of a bad id and the 404 of
// another seller's record or a missing one are the same for all. `noun` names the record in that 404.

/** `GET :id`: the record as `type` (a `@vton/contracts` record type), `answer` saying what it holds. */
export function GetOwnRecord(noun: string, type: string, operation: ApiOperationOptions, answer: string): MethodDecorator {
  return applyDecorators(Get(':id'), ApiOperation(operation), ApiResult(type, { description: answer }), ApiOwnRecord(noun, 'record id'));
}

/** `DELETE :id`: 204 once deleted, `answer` saying what went with it. */
export function DeleteOwnRecord(noun: string, operation: ApiOperationOptions, answer: string): MethodDecorator {
  return applyDecorators(Delete(':id'), HttpCode(204), ApiOperation(operation), ApiResult(null, { status: 204, description: answer }), ApiOwnRecord(noun, 'record id'));
}

/** `GET :id/files/:variant`: one of the record's files, for the seller or their API key; not in the API reference. */
export const GetOwnRecordFile = (): MethodDecorator => applyDecorators(Get(':id/files/:variant'), ApiExcludeEndpoint());
