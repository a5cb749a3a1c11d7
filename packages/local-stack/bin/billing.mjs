#!/usr/bin/env node
// `npm run billing -- …`: svc-auth's operator command (svc-auth/src/billing/billing-command.ts)
// against DATABASE_URL, or, when it is unset, against `npm start`'s embedded Postgres (which must
// be running). It sets a plan or grants credits through the ledger, with a note.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../src/apps.mjs';
import { DATABASE_NAME } from '../src/postgres.mjs';
import { defaultPorts } from '../src/stack.mjs';

const command = path.join(REPO_ROOT, 'svc-auth/dist/billing/billing-command.js');
if (!fs.existsSync(command)) {
  console.error('billing: svc-auth is not built yet — run `npm run build -w svc-auth` (or `npm start` once) first.');
  process.exit(1);
}
const env = { ...process.env };
env.DATABASE_URL ||= `postgres://postgres:postgres@127.0.0.1:${defaultPorts(env).postgres}/${DATABASE_NAME}`;
const { status } = spawnSync(process.execPath, [command, ...process.argv.slice(2)], { env, stdio: 'inherit' });
process.exit(status ?? 1);
