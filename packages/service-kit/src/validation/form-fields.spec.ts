import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { OneOrMoreOf } from './form-fields.js';

const SCOPES = ['try-on', 'gallery:read', 'gallery:write'] as const;

class KeyRequest {
  @OneOrMoreOf(SCOPES, { required: 'Choose at least one scope', unknown: 'Scopes are try-on, gallery:read, gallery:write' })
  scopes: string[];
}

/** What the 400 answer says first about `scopes`. */
const firstMessage = (body: Record<string, unknown>): string | undefined => {
  const [error] = validateSync(plainToInstance(KeyRequest, body));
  return error && Object.values(error.constraints ?? {})[0];
};

describe('OneOrMoreOf', () => {
  it.each([
    ['left out', 'Choose at least one scope', {}],
    ['null', 'Choose at least one scope', { scopes: null }],
    ['empty', 'Choose at least one scope', { scopes: [] }],
    ['not a list', 'Choose at least one scope', { scopes: 'try-on' }],
    ['an unknown value', 'Scopes are try-on, gallery:read, gallery:write', { scopes: ['try-on', 'admin'] }],
    ['longer than the choices', 'Scopes are try-on, gallery:read, gallery:write', { scopes: ['try-on', 'try-on', 'try-on', 'try-on'] }],
  ])('%s reads "%s"', (_case, message, body) => {
    expect(firstMessage(body)).toBe(message);
  });

  it('one or more known values pass', () => {
    expect(firstMessage({ scopes: ['gallery:read', 'try-on'] })).toBeUndefined();
  });
});
