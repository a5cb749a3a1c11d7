import { Transform } from 'class-transformer';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsIn, IsNotEmpty, IsString, MaxLength } from 'class-validator';

/*
 * Fields of the small forms a seller fills in (an API key, a webhook endpoint). class-validator
 * reports a field's broken rules in the order they are applied, and the answer shows the first;
 * these apply theirs as the stacked decorators they replace did (bottom first).
 */

/** Text a person types: trimmed, required, at most `maxLength` characters. */
export function RequiredText(maxLength: number, messages: { required: string; tooLong: string }): PropertyDecorator {
  return (target, key) => {
    for (const decorate of [
      MaxLength(maxLength, { message: messages.tooLong }),
      IsNotEmpty({ message: messages.required }),
      IsString({ message: messages.required }),
      Transform(({ value }) => (typeof value === 'string' ? value.trim() : value)),
    ]) decorate(target, key);
  };
}

/** A list of at least one of `choices`, and no longer than `choices`. */
export function OneOrMoreOf(choices: readonly string[], messages: { required: string; unknown: string }): PropertyDecorator {
  return (target, key) => {
    // In the order a caller reads them (class-validator reports a field's broken rules as applied):
    // a list left out is "required", not a list of unknown values.
    for (const decorate of [
      IsArray({ message: messages.required }),
      ArrayNotEmpty({ message: messages.required }),
      ArrayMaxSize(choices.length, { message: messages.unknown }),
      IsIn(choices, { each: true, message: messages.unknown }),
    ]) decorate(target, key);
  };
}
