import { Transform } from 'class-transformer';
import { IsInt, IsUrl, Max, Min } from 'class-validator';
import { parseNumber } from './load-config.js';

/*
 * Rules the services' configuration classes declare their variables with. Each takes the
 * variable's name from the property it decorates. class-validator reports a variable's broken
 * rules in the order they were applied, and loadConfig shows the first.
 */

export interface WholeNumberRule {
  min: number;
  max?: number;
  /**
   * What a value breaking the rule reads; default `<NAME> must be a whole number between <min> and <max>`,
   * or without `max` `<NAME> must be a whole number of at least <min>`.
   */
  message?: string;
  /** What a whole number below `min` reads, where it differs from `message`. */
  belowMin?: string;
  /** What a whole number above `max` reads, where it differs from `message`. */
  aboveMax?: string;
}

/** A whole number from `min` to `max` (no `max`: at least `min`), read from the variable's text. */
export function WholeNumber({ min, max, message, belowMin, aboveMax }: WholeNumberRule): PropertyDecorator {
  return (target, key) => {
    const limits = max === undefined ? `of at least ${min}` : `between ${min} and ${max}`;
    const notWhole = message ?? `${String(key)} must be a whole number ${limits}`;
    // Whole first: a value that is no number at all ("abc") breaks the limits too, and must read as
    // not a whole number rather than as out of range.
    IsInt({ message: notWhole })(target, key);
    if (max !== undefined) Max(max, { message: aboveMax ?? notWhole })(target, key);
    Min(min, { message: belowMin ?? notWhole })(target, key);
    Transform(parseNumber)(target, key);
  };
}

/** An absolute http:// or https:// URL (a host without a top-level domain, such as a service name, included). */
export function HttpUrl(): PropertyDecorator {
  return (target, key) =>
    IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] }, { message: `${String(key)} must be an http(s) URL` })(target, key);
}
