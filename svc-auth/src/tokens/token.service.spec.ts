import { JWT_AUDIENCE, JWT_ISSUER } from '@vton/contracts';
import { ConfigurationError, loadConfig } from '@vton/service-kit';
import { decodeProtectedHeader, jwtVerify } from 'jose';
import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AuthConfig } from '../config/auth.config.js';
import { SigningKeys } from './signing-keys.js';
import { TokenService } from './token.service.js';

const DATABASE_URL = 'postgres://postgres:postgres@127.0.0.1:5432/vton';

async function keysFrom(env: Record<string, string>): Promise<SigningKeys> {
  const keys = new SigningKeys(loadConfig(AuthConfig, { DATABASE_URL, ...env }));
  await keys.onModuleInit();
  return keys;
}

describe('SigningKeys and TokenService', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-auth-unit-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('requires a key source', () => {
    expect(() => loadConfig(AuthConfig, { DATABASE_URL })).toThrow(ConfigurationError);
    expect(() => loadConfig(AuthConfig, { DATABASE_URL })).toThrow('JWT_KEY_FILE or JWT_PRIVATE_KEY must be set');
  });

  it('generates the key file once and reads it afterwards', async () => {
    const file = path.join(dir, 'nested', 'key.pem');
    const first = await keysFrom({ JWT_KEY_FILE: file });
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const second = await keysFrom({ JWT_KEY_FILE: file });
    expect(second.kid).toBe(first.kid);
  });

  it('takes a PEM from JWT_PRIVATE_KEY and refuses keys that are not P-256', async () => {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
    await expect(keysFrom({ JWT_PRIVATE_KEY: pem })).resolves.toBeInstanceOf(SigningKeys);
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
    await expect(keysFrom({ JWT_PRIVATE_KEY: rsa })).rejects.toThrow('JWT_PRIVATE_KEY must be an EC P-256 key (ES256)');
  });

  it('signs ES256 tokens with issuer, audience, subject, e-mail and session, expiring with the session', async () => {
    const keys = await keysFrom({ JWT_KEY_FILE: path.join(dir, 'issue.pem') });
    const sessions = null as unknown as ConstructorParameters<typeof TokenService>[1];
    const expiresAt = new Date(Math.floor(Date.now() / 1000) * 1000 + 7 * 24 * 3600 * 1000);
    const token = await new TokenService(keys, sessions).sign({ id: 7, email: 'seller@example.com' }, '6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f', expiresAt);
    expect(decodeProtectedHeader(token)).toMatchObject({ alg: 'ES256', kid: keys.kid });
    const { payload } = await jwtVerify(token, keys.publicKey, { issuer: JWT_ISSUER, audience: JWT_AUDIENCE, algorithms: ['ES256'] });
    expect(payload).toMatchObject({ sub: '7', email: 'seller@example.com', sid: '6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f' });
    expect(payload.exp).toBe(expiresAt.getTime() / 1000);
  });
});

describe('loginDelayMs (the per-account slowdown)', () => {
  it('waits nothing up to the threshold, then doubles from 500 ms up to the cap', async () => {
    const { loginDelayMs } = await import('../throttling/throttle.service.js');
    expect([0, 4].map((f) => loginDelayMs(f, 5, 10_000))).toEqual([0, 0]);
    expect([5, 6, 7, 8, 9, 10, 50].map((f) => loginDelayMs(f, 5, 10_000))).toEqual([500, 1000, 2000, 4000, 8000, 10_000, 10_000]);
    expect(loginDelayMs(1000, 5, 0)).toBe(0);
  });
});
