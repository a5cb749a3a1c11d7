import type { INestApplication } from '@nestjs/common';
import {
  API_KEY_AUTHORIZE_PATH,
  API_KEYS_PATH,
  BILLING_CREDENTIAL_AUDIENCE,
  BILLING_ERRORS,
  BILLING_PATHS,
  INTERNAL_BILLING_PATHS,
  LEDGER_NOTE_MAX_LENGTH,
  MAX_RESERVATION_KEYS,
  SERVICE_CREDENTIAL,
  creditKey,
} from '@vton/contracts';
import { MetricsText, startServiceApp } from '@vton/service-kit';
import { SignJWT } from 'jose';
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import request from 'supertest';
import { DataSource } from 'typeorm';
import YAML from 'yaml';
import { authService } from '../src/app.module.js';
import { runBillingCommand } from '../src/billing/billing-command.js';
import { BillingService } from '../src/billing/billing.service.js';
import { createVerifiedAccount } from '../src/testing.js';
import { TokenService } from '../src/tokens/token.service.js';

const SECRET = randomBytes(32).toString('base64url');
/** The operator's command as a one-off Kubernetes Job (deploy/README, "Plans and credits"). */
const BILLING_JOB_EXAMPLE = fileURLToPath(new URL('../../deploy/examples/billing-job.yaml', import.meta.url));

/** svc-generation's service credential for the ledger, as it signs it. */
function credential(ownerId: number, audience: string = BILLING_CREDENTIAL_AUDIENCE, secret = SECRET): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: SERVICE_CREDENTIAL.algorithm })
    .setIssuer(SERVICE_CREDENTIAL.issuer)
    .setAudience(audience)
    .setSubject(String(ownerId))
    .setIssuedAt(now)
    .setExpirationTime(now + 120)
    .sign(new TextEncoder().encode(secret));
}

describe('svc-auth plans and credits (real Postgres)', () => {
  const keyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-auth-billing-'));
  const env = { ...process.env, JWT_KEY_FILE: path.join(keyDir, 'key.pem'), GENERATION_SERVICE_SECRET: SECRET, TRIAL_CREDITS: '10', TRIAL_DAYS: '7' };
  let app: INestApplication;
  let url: string;
  let db: DataSource;

  async function account(): Promise<{ id: number; email: string; token: string }> {
    const { id, email } = await createVerifiedAccount(app, `billing-${Date.now()}-${Math.floor(Math.random() * 1e9)}@example.com`);
    return { id, email, token: await app.get(TokenService).issue({ id, email }) };
  }

  /** svc-generation's reservation call; `status` is the answer it must get. */
  async function reserve(ownerId: number, keys: string[], status?: number, notes?: Record<string, unknown>) {
    const res = await request(url).post(INTERNAL_BILLING_PATHS.reservations).set('authorization', `Bearer ${await credential(ownerId)}`).send({ keys, ...(notes ? { notes } : {}) });
    if (status) expect(res.status).toBe(status);
    return res;
  }
  async function settle(ownerId: number, settlements: { key: string; outcome: 'capture' | 'release' }[], status?: number) {
    const res = await request(url).post(INTERNAL_BILLING_PATHS.settlements).set('authorization', `Bearer ${await credential(ownerId)}`).send({ settlements });
    if (status) expect(res.status).toBe(status);
    return res;
  }
  const balances = async (token: string) => (await request(url).get(BILLING_PATHS.account).set('authorization', `Bearer ${token}`).expect(200)).body;
  const ledger = async (token: string, query = '') => (await request(url).get(`${BILLING_PATHS.ledger}${query}`).set('authorization', `Bearer ${token}`).expect(200)).body;

  /** The ledger adds up: the balances after the last entry equal the account's, and each entry's equal the sum so far. */
  async function expectConsistent(userId: number): Promise<void> {
    const rows: { kind: string; change: number; balance: number; reserved: number }[] = await db.query(
      `SELECT kind, change, balance, reserved FROM auth.credit_ledger WHERE "userId" = $1 ORDER BY id`,
      [userId],
    );
    let available = 0;
    let reserved = 0;
    for (const row of rows) {
      available += row.change;
      reserved += row.kind === 'reserve' ? 1 : row.kind === 'capture' || row.kind === 'release' ? -1 : 0;
      expect({ balance: row.balance, reserved: row.reserved }).toEqual({ balance: available, reserved });
    }
    const [stored] = await db.query(`SELECT available, reserved FROM auth.billing_accounts WHERE "userId" = $1`, [userId]);
    expect(stored).toEqual({ available, reserved });
  }

  beforeAll(async () => {
    ({ app, url } = await startServiceApp(authService, { env }));
    db = app.get(DataSource);
  });

  afterAll(async () => {
    await app?.close();
    fs.rmSync(keyDir, { recursive: true, force: true });
  });

  it('starts a new account on the trial with its credits, shown on the plan page and in the ledger', async () => {
    const seller = await account();
    const before = Date.now();
    const view = await balances(seller.token);
    expect(view).toMatchObject({ mode: 'credits', plan: 'trial', status: 'trialing', credits: { available: 10, reserved: 0 }, renewsAt: null, checkout: false, portal: false, salesEmail: null });
    expect((await request(url).get(BILLING_PATHS.offer).expect(200)).body).toEqual({ mode: 'credits', checkout: false, salesEmail: null });
    const trialEnds = Date.parse(view.trialEndsAt);
    expect(trialEnds).toBeGreaterThan(before + 7 * 86_400_000 - 60_000);
    expect(trialEnds).toBeLessThan(Date.now() + 7 * 86_400_000 + 60_000);
    const page = await ledger(seller.token);
    expect(page).toMatchObject({ page: 1, pageSize: 20, total: 1 });
    expect(page.entries[0]).toMatchObject({ kind: 'grant', credits: 10, change: 10, balance: 10, reserved: 0, note: 'Free trial (7 days)' });
  });

  it('reserves one credit per model, captures a success, releases a failure, and never settles twice', async () => {
    const seller = await account();
    const job = randomUUID();
    const keys = [1, 2, 3].map((model) => creditKey(job, model, 1));
    expect((await reserve(seller.id, keys)).body).toEqual({ available: 7, reserved: 3 });
    // The same run reserved again (a redelivered request) costs nothing more.
    expect((await reserve(seller.id, keys)).body).toEqual({ available: 7, reserved: 3 });
    expect((await settle(seller.id, [{ key: keys[0], outcome: 'capture' }, { key: keys[1], outcome: 'capture' }])).body).toEqual({ available: 7, reserved: 1 });
    expect((await settle(seller.id, [{ key: keys[2], outcome: 'release' }])).body).toEqual({ available: 8, reserved: 0 });
    // Settled again, in either direction: nothing changes.
    expect((await settle(seller.id, [{ key: keys[0], outcome: 'release' }, { key: keys[2], outcome: 'release' }, { key: keys[2], outcome: 'capture' }])).body).toEqual({ available: 8, reserved: 0 });
    expect((await balances(seller.token)).credits).toEqual({ available: 8, reserved: 0 });
    const { entries } = await ledger(seller.token, '?pageSize=5');
    expect(entries.map((e: { kind: string }) => e.kind)).toEqual(['release', 'capture', 'capture', 'reserve', 'reserve']);
    expect((await ledger(seller.token, '?page=2&pageSize=5')).entries.map((e: { kind: string }) => e.kind)).toEqual(['reserve', 'grant']);
    await expectConsistent(seller.id);
  });

  it('keeps what each run is on its reservation and on the capture or release that settles it', async () => {
    const seller = await account();
    const job = randomUUID();
    const [shirt, trousers, odd, long] = [1, 2, 3, 4].map((model) => creditKey(job, model, 1));
    const notes = { [shirt]: ' Linen shirt on anna.png ', [trousers]: 'Chinos on ben.png', [odd]: 42, [long]: 'x'.repeat(LEDGER_NOTE_MAX_LENGTH + 50), [creditKey(job, 9, 1)]: 'not reserved' };
    await reserve(seller.id, [shirt, trousers, odd, long], 200, notes);
    await settle(seller.id, [{ key: shirt, outcome: 'capture' }, { key: trousers, outcome: 'release' }], 200);
    const { entries } = await ledger(seller.token, '?pageSize=10');
    const noteOf = (kind: string, key: string) => entries.find((e: { kind: string; key: string }) => e.kind === kind && e.key === key)?.note;
    expect([noteOf('reserve', shirt), noteOf('capture', shirt)]).toEqual(['Linen shirt on anna.png', 'Linen shirt on anna.png']);
    expect([noteOf('reserve', trousers), noteOf('release', trousers)]).toEqual(['Chinos on ben.png', 'Chinos on ben.png']);
    // a note that is not text is dropped, not the reservation; a long one is cut to the limit
    expect(noteOf('reserve', odd)).toBeNull();
    expect(noteOf('reserve', long)).toBe(`${'x'.repeat(LEDGER_NOTE_MAX_LENGTH - 1)}…`);
    expect(entries.filter((e: { kind: string }) => e.kind === 'reserve')).toHaveLength(4);
    await reserve(seller.id, [shirt], 400, 'a list' as unknown as Record<string, unknown>);
    await expectConsistent(seller.id);
  });

  it('takes the largest reservation a run makes, 500 keys each with a note of the longest kept, though public bodies stop at 32kb', async () => {
    const seller = await account();
    await app.get(BillingService).changePlan(seller.id, { plan: 'enterprise' }, 'test');
    const job = randomUUID();
    const keys = Array.from({ length: MAX_RESERVATION_KEYS }, (_, i) => creditKey(job, i + 1, 1));
    const notes = Object.fromEntries(keys.map((key, i) => [key, `${'Product '.repeat(40)}on model-${i}.png`.slice(0, LEDGER_NOTE_MAX_LENGTH)]));
    expect(JSON.stringify({ keys, notes }).length).toBeGreaterThan(128 * 1024);
    await reserve(seller.id, keys, 200, notes);
    const settled = await settle(seller.id, keys.map((key) => ({ key, outcome: 'capture' as const })), 200);
    expect(settled.body).toEqual({ available: null, reserved: 0 });
    await expectConsistent(seller.id);
  });

  it('answers 402 INSUFFICIENT_CREDITS with the exact message and reserves nothing when the balance is short', async () => {
    const seller = await account();
    const job = randomUUID();
    await reserve(seller.id, Array.from({ length: 8 }, (_, i) => creditKey(job, i + 1, 1)), 200);
    const refused = await reserve(seller.id, [1, 2, 3].map((m) => creditKey(randomUUID(), m, 1)), 402);
    expect(refused.body).toMatchObject({ code: 'INSUFFICIENT_CREDITS', message: 'This try-on needs 3 credits; you have 2 left.' });
    const one = await reserve(seller.id, [creditKey(randomUUID(), 1, 1)], 200);
    expect(one.body).toEqual({ available: 1, reserved: 9 });
    expect(BILLING_ERRORS.insufficientCredits(1, 0)).toBe('This try-on needs 1 credit; you have 0 left.');
    await expectConsistent(seller.id);
  });

  it('never overdraws under 30 reservations at once: exactly 10 pass, 20 get 402, balance 0', async () => {
    const seller = await account();
    const answers = await Promise.all(Array.from({ length: 30 }, () => reserve(seller.id, [creditKey(randomUUID(), 7, 1)])));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(10);
    const refused = answers.filter((r) => r.status === 402);
    expect(refused).toHaveLength(20);
    for (const r of refused) expect(r.body).toMatchObject({ code: 'INSUFFICIENT_CREDITS', message: 'This try-on needs 1 credit; you have 0 left.' });
    expect((await balances(seller.token)).credits).toEqual({ available: 0, reserved: 10 });
    await expectConsistent(seller.id);
  });

  it('refuses a credential for another audience, another secret, or none', async () => {
    const seller = await account();
    const body = { keys: [creditKey(randomUUID(), 1, 1)] };
    await request(url).post(INTERNAL_BILLING_PATHS.reservations).send(body).expect(401);
    await request(url).post(INTERNAL_BILLING_PATHS.reservations).set('authorization', `Bearer ${await credential(seller.id, SERVICE_CREDENTIAL.audience)}`).send(body).expect(401);
    await request(url).post(INTERNAL_BILLING_PATHS.reservations).set('authorization', `Bearer ${await credential(seller.id, BILLING_CREDENTIAL_AUDIENCE, randomBytes(32).toString('hex'))}`).send(body).expect(401);
    await request(url).post(INTERNAL_BILLING_PATHS.reservations).set('authorization', `Bearer ${seller.token}`).send(body).expect(401);
    expect((await balances(seller.token)).credits).toEqual({ available: 10, reserved: 0 });
  });

  it('ends the trial after TRIAL_DAYS: real generation answers 402 PLAN_REQUIRED, the credits stay', async () => {
    const seller = await account();
    await balances(seller.token);
    await db.query(`UPDATE auth.billing_accounts SET "trialEndsAt" = now() - interval '1 minute' WHERE "userId" = $1`, [seller.id]);
    const refused = await reserve(seller.id, [creditKey(randomUUID(), 1, 1)], 402);
    expect(refused.body).toMatchObject({ code: 'PLAN_REQUIRED', message: 'Your free trial has ended — choose a plan to keep generating.' });
    expect(await balances(seller.token)).toMatchObject({ plan: 'trial', status: 'trial_ended', credits: { available: 10, reserved: 0 } });
    // A plan brings generation back, with the unused trial credits on top of the month.
    await app.get(BillingService).changePlan(seller.id, { plan: 'starter' }, 'test');
    expect(await balances(seller.token)).toMatchObject({ plan: 'starter', status: 'active', credits: { available: 60, reserved: 0 } });
    await reserve(seller.id, [creditKey(randomUUID(), 1, 1)], 200);
    await expectConsistent(seller.id);
  });

  it('records unlimited use on Enterprise without spending, and gives the plan months on time', async () => {
    const seller = await account();
    const billing = app.get(BillingService);
    await billing.changePlan(seller.id, { plan: 'enterprise' }, 'test');
    const keys = Array.from({ length: 25 }, (_, i) => creditKey(randomUUID(), i + 1, 1));
    expect((await reserve(seller.id, keys)).body).toEqual({ available: null, reserved: 25 });
    expect((await settle(seller.id, keys.map((key) => ({ key, outcome: 'capture' as const })))).body).toEqual({ available: null, reserved: 0 });
    expect((await balances(seller.token)).credits).toEqual({ available: null, reserved: 0 });
    expect((await ledger(seller.token)).total).toBe(51);

    const monthly = await account();
    await billing.changePlan(monthly.id, { plan: 'professional' }, 'test');
    expect((await balances(monthly.token)).credits.available).toBe(510);
    await db.query(`UPDATE auth.billing_accounts SET "nextGrantAt" = now() - interval '1 second' WHERE "userId" = $1`, [monthly.id]);
    await billing.grantDueMonths();
    await billing.grantDueMonths();
    expect((await balances(monthly.token)).credits.available).toBe(1010);
    await expectConsistent(monthly.id);
  });

  it('lets API keys work on Professional and Enterprise only: 403 PLAN_REQUIRED otherwise, and existing keys come back with the plan', async () => {
    const seller = await account();
    const billing = app.get(BillingService);
    const create = () => request(url).post(API_KEYS_PATH).set('authorization', `Bearer ${seller.token}`).send({ name: 'Shop', scopes: ['try-on'] });
    const refused = await create().expect(403);
    expect(refused.body).toMatchObject({ code: 'PLAN_REQUIRED', message: 'API keys need the Professional or Enterprise plan.' });
    await billing.changePlan(seller.id, { plan: 'professional' }, 'test');
    const { key } = (await create().expect(201)).body;
    await request(url).post(API_KEY_AUTHORIZE_PATH).send({ key }).expect(200);
    await request(url).get(BILLING_PATHS.account).set('authorization', `Bearer ${key}`).expect(403);

    await billing.changePlan(seller.id, { plan: 'starter' }, 'test');
    const stopped = await request(url).post(API_KEY_AUTHORIZE_PATH).send({ key }).expect(403);
    expect(stopped.body).toMatchObject({ code: 'PLAN_REQUIRED', message: 'API keys need the Professional or Enterprise plan.' });
    await billing.changePlan(seller.id, { plan: 'enterprise' }, 'test');
    await request(url).post(API_KEY_AUTHORIZE_PATH).send({ key }).expect(200);
  });

  it('the operator command sets a plan and grants or takes credits, each in the ledger with its note', async () => {
    const seller = await account();
    await balances(seller.token);
    expect(await runBillingCommand(['plan', seller.email.toUpperCase(), 'professional'], env)).toBe(`${seller.email} is now on the Professional plan: 510 credits available, 0 reserved.`);
    expect(await runBillingCommand(['credits', seller.email, '+25', 'goodwill', 'for', 'the', 'outage'], env)).toBe(`${seller.email}: +25 credits (goodwill for the outage); 535 available now.`);
    expect(await runBillingCommand(['credits', seller.email, '-35', 'refunded by hand'], env)).toBe(`${seller.email}: -35 credits (refunded by hand); 500 available now.`);
    await expect(runBillingCommand(['credits', seller.email, '-501', 'too much'], env)).rejects.toThrow('The account has 500 credits; 501 cannot be taken away');
    await expect(runBillingCommand(['credits', seller.email, '+5'], env)).rejects.toThrow('Say why in a note');
    await expect(runBillingCommand(['plan', seller.email, 'gold'], env)).rejects.toThrow('Unknown plan "gold"');
    await expect(runBillingCommand(['plan', 'nobody@example.com', 'starter'], env)).rejects.toThrow('No account has the address nobody@example.com');
    expect(await balances(seller.token)).toMatchObject({ plan: 'professional', status: 'active', credits: { available: 500, reserved: 0 } });
    const entriesOf = async () => (await ledger(seller.token)).entries.map((e: { kind: string; credits: number; change: number; note: string }) => [e.kind, e.credits, e.change, e.note]);
    expect((await entriesOf()).slice(0, 4)).toEqual([
      ['adjustment', -35, -35, 'refunded by hand'],
      ['adjustment', 25, 25, 'goodwill for the outage'],
      ['grant', 500, 500, 'Professional plan: credits for the month'],
      ['plan', 0, 0, 'Professional, by the operator of this studio'],
    ]);

    // Every plan the operator sets is a plan entry saying so, never an adjustment: one that grants nothing, the plan the account already has, the trial.
    expect(await runBillingCommand(['plan', seller.email, 'enterprise'], env)).toBe(`${seller.email} is now on the Enterprise plan: unlimited credits, 0 reserved.`);
    expect(await runBillingCommand(['plan', seller.email, 'enterprise'], env)).toBe(`${seller.email} is now on the Enterprise plan: unlimited credits, 0 reserved.`);
    expect(await runBillingCommand(['plan', seller.email, 'trial'], env)).toBe(`${seller.email} is now on the Free trial plan: 500 credits available, 0 reserved.`);
    expect((await entriesOf()).slice(0, 4)).toEqual([
      ['plan', 0, 0, 'Free trial, by the operator of this studio'],
      ['plan', 0, 0, 'Enterprise, by the operator of this studio'],
      ['plan', 0, 0, 'Enterprise, by the operator of this studio'],
      ['adjustment', -35, -35, 'refunded by hand'],
    ]);
    expect(await balances(seller.token)).toMatchObject({ plan: 'trial', status: 'trialing', credits: { available: 500, reserved: 0 } });
    // Nothing else: the refused commands (too large a removal, no note, an unknown plan or address) wrote no entry.
    expect((await ledger(seller.token)).total).toBe(8);
    await expectConsistent(seller.id);
  });

  it('runs as the Kubernetes Job example runs it: the built command, with only the Job\'s environment, in a pod', async () => {
    const job = YAML.parse(fs.readFileSync(BILLING_JOB_EXAMPLE, 'utf8'));
    const [container] = job.spec.template.spec.containers;
    // The Job's variables as a pod gets them (its one Secret value is this test's database), and what Kubernetes sets in every pod.
    const secretValues: Record<string, string | undefined> = { DATABASE_URL: process.env.DATABASE_URL };
    const jobEnv = Object.fromEntries(
      container.env.map((e: { name: string; value?: string; valueFrom?: { secretKeyRef: { key: string } } }) => [e.name, e.value ?? secretValues[e.valueFrom!.secretKeyRef.key]]),
    );
    expect(Object.values(jobEnv).every((value) => typeof value === 'string' && value !== '')).toBe(true);
    const seller = await account();
    await balances(seller.token);
    const [command, email, credits, note] = container.args;
    expect([command, email, credits]).toEqual(['credits', 'seller@example.com', '+50']);
    const run = spawnSync(process.execPath, [...container.command.slice(1), command, seller.email, credits, note], {
      // The image's working directory: svc-auth's folder.
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      env: { ...jobEnv, KUBERNETES_SERVICE_HOST: '10.96.0.1' },
      encoding: 'utf8',
    });
    expect({ status: run.status, stderr: run.stderr }).toEqual({ status: 0, stderr: '' });
    expect(run.stdout).toContain(`${seller.email}: +50 credits (${note}); 60 available now.`);
    expect((await ledger(seller.token)).entries[0]).toMatchObject({ kind: 'adjustment', credits: 50, note });
  });

  it('counts every ledger write on /metrics: a captured model moves billing_credits_captured_total', async () => {
    const seller = await account();
    const [captured, released] = [1, 2].map((model) => creditKey(randomUUID(), model, 1));
    const read = async () => new MetricsText(await (await fetch(`${url}/metrics`)).text());
    const before = await read();
    await reserve(seller.id, [captured, released], 200);
    await settle(seller.id, [{ key: captured, outcome: 'capture' }, { key: released, outcome: 'release' }], 200);
    const after = await read();
    const delta = (name: string) => (after.value(name) ?? 0) - (before.value(name) ?? 0);
    expect(delta('billing_credits_granted_total')).toBe(10);
    expect(delta('billing_credits_reserved_total')).toBe(2);
    expect(delta('billing_credits_captured_total')).toBe(1);
    expect(delta('billing_credits_released_total')).toBe(1);
  });

  it("logs every ledger write with its account, as svc-auth's process writes it (JSON lines on stdout)", async () => {
    const seller = await account();
    await balances(seller.token);
    // svc-auth as it runs in a pod (dist/main.js), beside this test's: the same database, its own port and logs.
    const port = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(free));
      });
    });
    const child = spawn(process.execPath, ['dist/main.js'], {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      env: { ...env, PORT: String(port), HOST: '127.0.0.1', MIGRATIONS_RUN: 'false', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const lines: Record<string, unknown>[] = [];
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      try {
        lines.push(JSON.parse(line));
      } catch {
        // not a log line
      }
    });
    const logged = (match: (line: Record<string, unknown>) => boolean, what: string) =>
      new Promise<Record<string, unknown>>((resolve, reject) => {
        const started = Date.now();
        const look = () => {
          const found = lines.find(match);
          if (found) resolve(found);
          else if (child.exitCode !== null || Date.now() - started > 20_000) reject(new Error(`svc-auth logged no ${what}:\n${lines.map((l) => l.msg).join('\n')}`));
          else setTimeout(look, 50);
        };
        look();
      });
    try {
      await logged((l) => String(l.msg).includes('listening on'), 'start');
      const key = creditKey(randomUUID(), 1, 1);
      const other = `http://127.0.0.1:${port}`;
      await request(other).post(INTERNAL_BILLING_PATHS.reservations).set('authorization', `Bearer ${await credential(seller.id)}`).send({ keys: [key] }).expect(200);
      await request(other).post(INTERNAL_BILLING_PATHS.settlements).set('authorization', `Bearer ${await credential(seller.id)}`).send({ settlements: [{ key, outcome: 'capture' }] }).expect(200);
      const capture = await logged((l) => l.kind === 'capture' && l.userId === seller.id, 'capture');
      expect(capture).toMatchObject({
        service: 'svc-auth',
        level: 30,
        userId: seller.id,
        kind: 'capture',
        credits: 1,
        available: 9,
        reserved: 0,
        keys: [key],
        msg: `Ledger: capture 1 credit(s) for account ${seller.id}; available 9, reserved 0`,
      });
      expect(await logged((l) => l.kind === 'reserve' && l.userId === seller.id, 'reservation')).toMatchObject({ msg: `Ledger: reserve 1 credit(s) for account ${seller.id}; available 9, reserved 1` });
    } finally {
      child.kill('SIGTERM');
      if (child.exitCode === null) await once(child, 'exit');
    }
  });
});
