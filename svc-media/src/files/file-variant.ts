import { ErrorCode } from '@vton/contracts';
import { ApiException } from '@vton/service-kit';

/** The `:variant` of a byte route: one of the files the record has, else 404. */
export function parseVariant<T extends string>(value: string, allowed: readonly T[]): T {
  if (!(allowed as readonly string[]).includes(value)) {
    throw new ApiException(404, ErrorCode.NOT_FOUND, `Unknown file "${value}"; one of ${allowed.join(', ')}`);
  }
  return value as T;
}
