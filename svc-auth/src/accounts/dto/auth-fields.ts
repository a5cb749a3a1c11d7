import { ApiProperty } from '@nestjs/swagger';
import { AUTH_VALIDATION as M, EMAIL_PATTERN, MAX_EMAIL_LENGTH, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, PASSWORD_COMPLEXITY } from '@vton/contracts';
import { isCommonPassword } from '@vton/contracts/common-passwords';
import { Transform } from 'class-transformer';
import {
  IsDefined,
  IsString,
  Matches,
  ValidateBy,
  MaxLength,
  MinLength,
  registerDecorator,
  type ValidationArguments,
  type ValidationOptions,
} from 'class-validator';

/**
 * Field rules shared by the DTOs. class-validator reports a field's constraints in the order
 * the decorators are applied here (first applied, first reported), and the kit shows the first one; so "Required"
 * comes first, then the spec §5 messages in the order a person would fix them.
 */
export function normaliseEmail({ value }: { value: unknown }): unknown {
  return typeof value === 'string' ? value.trim().toLowerCase() : value;
}

export function EmailField(invalidMessage: string): PropertyDecorator {
  return (target, key) => {
    for (const decorate of [
      Transform(normaliseEmail),
      IsDefined({ message: M.required }),
      IsString({ message: invalidMessage }),
      MaxLength(MAX_EMAIL_LENGTH, { message: invalidMessage }),
      Matches(EMAIL_PATTERN, { message: invalidMessage }),
    ]) decorate(target, key);
  };
}

/** A new password: the registration and reset rules of spec §5, and not a common one; described so in the API reference. */
export function NewPasswordField(): PropertyDecorator {
  return (target, key) => {
    for (const decorate of [
      ApiProperty({ description: 'At least 8 characters with a lowercase letter, an uppercase letter and a digit.' }),
      IsDefined({ message: M.required }),
      IsString({ message: M.passwordTooShort }),
      MinLength(MIN_PASSWORD_LENGTH, { message: M.passwordTooShort }),
      MaxLength(MAX_PASSWORD_LENGTH, { message: M.passwordTooLong }),
      Matches(PASSWORD_COMPLEXITY, { message: M.passwordComplexity }),
      // The 10,000 most common passwords ("Password1" among them), whatever their letter case.
      ValidateBy({ name: 'notCommonPassword', validator: { validate: (value: unknown) => typeof value === 'string' && !isCommonPassword(value) } }, { message: M.commonPassword }),
    ]) decorate(target, key);
  };
}

/**
 * The token from an e-mailed link (e-mail verification, password reset): `required` when it is
 * missing or empty; anything longer than a token we issue (or not text at all) reads as the link's
 * `invalid` message.
 */
export function LinkTokenField(messages: { required: string; invalid: string }): PropertyDecorator {
  return (target, key) => {
    for (const decorate of [
      ApiProperty({ description: 'The token from the e-mailed link.' }),
      IsDefined({ message: messages.required }),
      MaxLength(200, { message: messages.invalid }),
      MinLength(1, { message: messages.required }),
      IsString({ message: messages.required }),
    ]) decorate(target, key);
  };
}

/** confirmPassword: present, non-empty, and equal to `password` ("Passwords don't match"). */
export function ConfirmPasswordField(): PropertyDecorator {
  return (target, key) => {
    for (const decorate of [
      ApiProperty(),
      IsDefined({ message: M.required }),
      IsString({ message: M.confirmPasswordRequired }),
      MinLength(1, { message: M.confirmPasswordRequired }),
      MatchesPassword({ message: M.passwordsDontMatch }),
    ]) decorate(target, key);
  };
}

function MatchesPassword(options: ValidationOptions): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'matchesPassword',
      target: target.constructor,
      propertyName: String(propertyName),
      options,
      validator: {
        validate: (value: unknown, args: ValidationArguments) => value === (args.object as { password?: unknown }).password,
      },
    });
}
