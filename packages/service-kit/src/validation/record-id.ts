import { Injectable, type PipeTransform } from '@nestjs/common';
import { ApiBadRequestResponse } from '@nestjs/swagger';
import { ErrorCode, MAX_RECORD_ID } from '@vton/contracts';
import { IsInt, Max, Min } from 'class-validator';
import { ApiException } from '../errors/api-exception.js';

/**
 * A record id in a JSON body: a whole number from 1 to MAX_RECORD_ID (every id column is a
 * Postgres integer). Checked where the id enters a service, so nothing beyond the column's range
 * is ever looked up, forwarded to another service or stored.
 */
export function IsRecordId(field: string, options: { each?: boolean } = {}): PropertyDecorator {
  const message = options.each ? `each of ${field} must be a positive integer` : `${field} must be a positive integer`;
  return (target, key) => {
    for (const decorate of [IsInt({ message, each: options.each }), Min(1, { message, each: options.each }), Max(MAX_RECORD_ID, { message, each: options.each })]) {
      decorate(target, key);
    }
  };
}

/** A record id written as text (a path segment, an item of a list), by the same rule: the id, or null. */
export function parseRecordId(text: string): number | null {
  const id = /^[1-9]\d{0,9}$/.test(text) ? Number(text) : NaN;
  return id <= MAX_RECORD_ID ? id : null;
}

/** A record id in a path (`/api/garments/:id`), by the same rule. */
@Injectable()
export class RecordIdPipe implements PipeTransform<string, number> {
  transform(value: string): number {
    const id = parseRecordId(value);
    if (id === null) throw new ApiException(400, ErrorCode.INVALID_INPUT, 'The id must be a positive integer');
    return id;
  }
}

/**
 * The 400 a RecordIdPipe parameter answers, in the OpenAPI document: `name` is how the route
 * calls the id; `orAlso`, the route's other reasons for a 400.
 */
export function ApiRecordIdRule(name = 'id', orAlso?: string): MethodDecorator {
  return ApiBadRequestResponse({ description: `The ${name} is not a whole number from 1 to ${MAX_RECORD_ID}${orAlso ? `, or ${orAlso}` : ''}.` });
}
