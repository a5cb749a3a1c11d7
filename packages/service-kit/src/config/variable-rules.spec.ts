import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { WholeNumber } from './variable-rules.js';

class Limits {
  @WholeNumber({ min: 1, max: 100, message: 'MAX_FILES_PER_UPLOAD must be a whole number', belowMin: 'MAX_FILES_PER_UPLOAD must be at least 1', aboveMax: 'MAX_FILES_PER_UPLOAD must be at most 100' })
  MAX_FILES_PER_UPLOAD = 10;

  @WholeNumber({ min: 10 })
  TIMEOUT_MS = 1000;
}

/** The message an operator reads first for these variables (loadConfig shows a variable's first broken rule). */
const firstMessage = (env: Record<string, string>): string | undefined => {
  const [error] = validateSync(plainToInstance(Limits, env));
  return error && Object.values(error.constraints ?? {})[0];
};

describe('WholeNumber', () => {
  it.each([
    ['abc', 'MAX_FILES_PER_UPLOAD must be a whole number'],
    ['2.5', 'MAX_FILES_PER_UPLOAD must be a whole number'],
    ['0', 'MAX_FILES_PER_UPLOAD must be at least 1'],
    ['101', 'MAX_FILES_PER_UPLOAD must be at most 100'],
  ])('MAX_FILES_PER_UPLOAD=%s reads "%s"', (value, message) => {
    expect(firstMessage({ MAX_FILES_PER_UPLOAD: value })).toBe(message);
  });

  it('without messages of its own, every broken rule reads the same', () => {
    expect(firstMessage({ TIMEOUT_MS: 'soon' })).toBe('TIMEOUT_MS must be a whole number of at least 10');
    expect(firstMessage({ TIMEOUT_MS: '5' })).toBe('TIMEOUT_MS must be a whole number of at least 10');
  });

  it('a whole number in range passes', () => {
    expect(firstMessage({ MAX_FILES_PER_UPLOAD: '100', TIMEOUT_MS: '10' })).toBeUndefined();
  });
});
