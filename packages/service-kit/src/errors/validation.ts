import { ValidationPipe, type ValidationError } from '@nestjs/common';
import { ErrorCode } from '@vton/contracts';
import { ApiException, type ApiIssue } from './api-exception.js';

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

/** The one ValidationPipe every service registers: strips unknown fields, converts types. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({ whitelist: true, transform: true, exceptionFactory: validationFailed });
}
