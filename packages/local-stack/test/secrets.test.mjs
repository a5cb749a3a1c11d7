import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { localSecrets } from '../src/secrets.mjs';

let dataDir;
beforeEach(() => { dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'secrets-')); });
afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

test('generates a random media URL signing secret into the data folder on first start and keeps it', () => {
  const first = localSecrets({ dataDir, env: {} });
  expect(first.MEDIA_URL_SIGNING_SECRET).toMatch(/^[A-Za-z0-9_-]{43}$/);
  const file = path.join(dataDir, 'keys', 'media-url-signing.secret');
  expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  expect(localSecrets({ dataDir, env: {} })).toEqual(first);
  // Another data folder (another machine) gets another secret: nothing is derived from defaults.
  const other = fs.mkdtempSync(path.join(os.tmpdir(), 'secrets-'));
  try {
    expect(localSecrets({ dataDir: other, env: {} }).MEDIA_URL_SIGNING_SECRET).not.toBe(first.MEDIA_URL_SIGNING_SECRET);
  } finally {
    fs.rmSync(other, { recursive: true, force: true });
  }
});

test('a secret set in the environment wins and nothing is written', () => {
  const given = 'g'.repeat(40);
  expect(localSecrets({ dataDir, env: { MEDIA_URL_SIGNING_SECRET: given } })).toEqual({ MEDIA_URL_SIGNING_SECRET: given });
  expect(fs.existsSync(path.join(dataDir, 'keys'))).toBe(false);
});
