#!/usr/bin/env node
// Writes the dev overlay's secrets to deploy/overlays/dev/secrets/ (git-ignored): random
// passwords and a fresh ES256 signing key, different on every machine. DEV ONLY — prod Secrets
// are created by the operator (overlays/prod/secrets.example.yaml lists them).
// Existing files are kept, so re-running never changes a running environment's passwords;
// pass --force to replace them.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const DEV_SECRETS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../overlays/dev/secrets');

const password = () => crypto.randomBytes(18).toString('base64url');
const env = (vars) => `${Object.entries(vars).map(([k, v]) => `${k}=${v}`).join('\n')}\n`;

/** File name → content of every dev secret file the dev overlay reads. */
export function renderDevSecrets() {
  const pg = password();
  const storageUser = 'vton-dev';
  const storagePassword = password();
  const databaseUrl = `postgres://vton:${pg}@postgres:5432/vton`;
  const { privateKey } = crypto.generateKeyPairSync('ec', {
    namedCurve: 'P-256',
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  return {
    'postgres.env': env({ POSTGRES_PASSWORD: pg }),
    'svc-auth.env': env({ DATABASE_URL: databaseUrl, SMTP_URL: 'smtp://mailpit:1025' }),
    'jwt-es256.pem': privateKey,
    // In dev this pair is also the in-cluster object storage's admin identity (it reads it from
    // svc-media-secrets); prod gives svc-media its own bucket-scoped key.
    // The signing secret of svc-media's short-lived image URLs: the same on every replica.
    'svc-media.env': env({ DATABASE_URL: databaseUrl, S3_ACCESS_KEY: storageUser, S3_SECRET_KEY: storagePassword, MEDIA_URL_SIGNING_SECRET: crypto.randomBytes(32).toString('base64url') }),
    'svc-generation.env': env({ DATABASE_URL: databaseUrl }),
    // svc-generation's workers sign their calls to svc-media with it; svc-media checks them.
    'generation-service.env': env({ GENERATION_SERVICE_SECRET: crypto.randomBytes(32).toString('base64url') }),
  };
}

/** Files that share no value with another: added on their own to an existing set (a new secret after an upgrade). */
const STANDALONE = new Set(['generation-service.env']);

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const force = process.argv.includes('--force');
  const rendered = renderDevSecrets();
  const existing = Object.keys(rendered).filter((f) => fs.existsSync(path.join(DEV_SECRETS_DIR, f)));
  const missing = Object.keys(rendered).filter((f) => !existing.includes(f));
  if (existing.length && !force) {
    for (const file of missing.filter((f) => STANDALONE.has(f))) {
      fs.writeFileSync(path.join(DEV_SECRETS_DIR, file), rendered[file], { mode: 0o600 });
      console.log(`added ${file} to the existing dev secrets`);
    }
    const linked = missing.filter((f) => !STANDALONE.has(f));
    if (linked.length) {
      console.error(`dev secrets in ${DEV_SECRETS_DIR} lack ${linked.join(', ')}, which must match the others: use --force on a fresh namespace`);
      process.exitCode = 1;
    } else {
      console.log(`dev secrets already exist in ${DEV_SECRETS_DIR} (kept; --force replaces them)`);
    }
  } else {
    // All files from one rendering, so the passwords in the URLs match the servers'.
    fs.mkdirSync(DEV_SECRETS_DIR, { recursive: true });
    for (const [file, content] of Object.entries(rendered)) {
      fs.writeFileSync(path.join(DEV_SECRETS_DIR, file), content, { mode: 0o600 });
    }
    console.log(`wrote dev-only secrets to ${DEV_SECRETS_DIR}`);
  }
}
