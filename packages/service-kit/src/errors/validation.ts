import { ValidationPipe, type ArgumentMetadata, type ValidationError } from '@nestjs/common';
import { ErrorCode } from '@vton/contracts';
import { ApiException, type ApiIssue } from './api-exception.js';
import { assertCleanInput } from './input-check.js';

/** Flattens class-validator's tree into issues: one per failing field, its first constraint's text. */
export function validationIssues(errors: ValidationError[], parentPath: string[] = []): ApiIssue[] {
  return errors.flatMap((error) => {
    const path = [...parentPath, error.property];
    const first = Object.values(error.constraints ?? {})[0];
    const own = first ? [{ path, message: first }] : [];
    return [...own, ...validationIssues(error.children ?? [], path)];
  });
}

export function validationFailed(errors: ValidationError[]): ApiException {
  const issues = validationIssues(errors);
  const message = issues[0]?.message ?? 'Invalid request';
  return new ApiException(400, ErrorCode.VALIDATION_FAILED, message, { issues });
}

/**
 * The one ValidationPipe every service registers: first the checks every input gets (no control
 * characters, bounded nesting; see input-check.ts), then the DTO's rules; strips unknown fields,
 * converts types. Bodies, queries, path parameters and form fields all pass through it, so those
 * checks live here and nowhere else.
 */
class InputValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type !== 'custom') assertCleanInput(value, metadata.data ? [metadata.data] : []);
    return super.transform(value, metadata);
  }
}

export function createValidationPipe(): ValidationPipe {
  return new InputValidationPipe({ whitelist: true, transform: true, exceptionFactory: validationFailed });
}
