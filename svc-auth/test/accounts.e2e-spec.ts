import type { INestApplication } from '@nestjs/common';
import { AUTH_ERRORS, AUTH_VALIDATION as M, JWT_AUDIENCE, JWT_ISSUER } from '@vton/contracts';
import { startServiceApp } from '@vton/service-kit';
import { SignJWT } from 'jose';
import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request, { type Response } from 'supertest';
import { DataSource } from 'typeorm';
import { authService } from '../src/app.module.js';
import { SigningKeys } from '../src/tokens/signing-keys.js';

const PUBLIC_URL = 'http://studio.test:8080';
const PASSWORD = 'Garment1x';
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

interface InboxMail {
  subject: string;
  text: string;
  html: string;
  to: { address: string }[];
}

let seq = Math.floor(Math.random() * 1_000_000);
/** Tests share one inbox and one database: every test uses its own addresses and client IP. */
const uniqueEmail = (name: string) => `${name}-${Date.now()}-${++seq}@example.com`;
const uniqueIp = () => { seq += 1; return `10.${(seq >> 16) & 255}.${(seq >> 8) & 255}.${seq & 255}`; };

async function mailsTo(address: string, count = 1): Promise<InboxMail[]> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const all = (await (await fetch(`${process.env.MAIL_INBOX_URL}/api/email`)).json()) as InboxMail[];
    const mine = all.filter((m) => m.to.some((to) => to.address.toLowerCase() === address.toLowerCase()));
    if (mine.length >= count) return mine;
    if (Date.now() > deadline) throw new Error(`expected ${count} mail(s) to ${address}, got ${mine.length}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

function tokenFrom(mail: InboxMail, page: 'verify-email' | 'reset-password'): string {
  const match = new RegExp(`${PUBLIC_URL.replace(/[.]/g, '\\.')}/${page}\\?token=([A-Za-z0-9_-]+)`).exec(mail.text);
  if (!match) throw new Error(`no ${page} link in: ${mail.text}`);
  return match[1];
}

describe('svc-auth accounts (real Postgres and MailDev)', () => {
  const keyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-auth-accounts-'));
  // A short slowdown cap keeps the throttling tests quick; the delays' growth is unit-tested.
  const env = { ...process.env, PUBLIC_URL, JWT_KEY_FILE: path.join(keyDir, 'key.pem'), LOGIN_SLOWDOWN_MAX_MS: '200' };
  let app: INestApplication;
  let url: string;
  let db: DataSource;
  /** Every response body the tests saw, checked at the end for password hashes. */
  const seen: string[] = [];

  const call = (method: 'get' | 'post', route: string, ip = uniqueIp()) => {
    const req = request(url)[method](route).set('x-forwarded-for', ip);
    const originalThen = req.then.bind(req);
    req.then = ((resolve: (r: Response) => unknown, reject: (e: unknown) => unknown) =>
      originalThen((res: Response) => {
        seen.push(res.text);
        return resolve(res);
      }, reject)) as typeof req.then;
    return req;
  };
  const register = (email: string, password = PASSWORD, confirmPassword = password) =>
    call('post', '/api/auth/register').send({ email, password, confirmPassword });
  const login = (email: string, password = PASSWORD, ip?: string) => call('post', '/api/auth/login', ip).send({ email, password });
  const verify = (token: string) => call('post', `/api/auth/verify-email-and-login?token=${encodeURIComponent(token)}`);
  const me = (token: string) => call('get', '/api/auth/me').set('authorization', `Bearer ${token}`);

  async function verifiedAccount(name: string): Promise<{ email: string; token: string }> {
    const email = uniqueEmail(name);
    await register(email).expect(201);
    const [mail] = await mailsTo(email);
    const res = await verify(tokenFrom(mail, 'verify-email')).expect(200);
    return { email, token: res.body.token };
  }

  beforeAll(async () => {
    ({ app, url } = await startServiceApp(authService, { env }));
    db = app.get(DataSource);
  });

  afterAll(async () => {
    await app?.close();
    fs.rmSync(keyDir, { recursive: true, force: true });
  });

  describe('registration', () => {
    it.each([
      ['a short password', { password: 'Ab1', confirmPassword: 'Ab1' }, 'password', M.passwordTooShort],
      ['no uppercase letter', { password: 'garment1x', confirmPassword: 'garment1x' }, 'password', M.passwordComplexity],
      ['no lowercase letter', { password: 'GARMENT1X', confirmPassword: 'GARMENT1X' }, 'password', M.passwordComplexity],
      ['no digit', { password: 'Garmentxx', confirmPassword: 'Garmentxx' }, 'password', M.passwordComplexity],
      ['an empty confirmation', { confirmPassword: '' }, 'confirmPassword', M.confirmPasswordRequired],
      ['a different confirmation', { confirmPassword: 'Garment2x' }, 'confirmPassword', M.passwordsDontMatch],
      ['an invalid address', { email: 'not-an-address' }, 'email', M.invalidEmail],
      ['no address', { email: undefined }, 'email', M.required],
    ])('refuses %s with 400 and the spec message', async (_what, change, field, message) => {
      const body = { email: uniqueEmail('invalid'), password: PASSWORD, confirmPassword: PASSWORD, ...change };
      const res = await call('post', '/api/auth/register').send(body).expect(400);
      expect(res.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', message });
      expect(res.body.issues[0]).toEqual({ path: [field], message });
    });

    it('stores the account unverified with an argon2id hash and mails a verification link from PUBLIC_URL', async () => {
      const email = uniqueEmail('Seller');
      const res = await call('post', '/api/auth/register')
        .set('host', 'evil.example')
        .send({ email: `  ${email.toUpperCase()} `, password: PASSWORD, confirmPassword: PASSWORD })
        .expect(201);
      expect(res.body).toEqual({ message: expect.any(String), email: email.toLowerCase() });

      const [row] = await db.query('SELECT * FROM auth.users WHERE email = $1', [email.toLowerCase()]);
      expect(row).toMatchObject({ isEmailVerified: 'false', passwordResetToken: null });
      expect(row.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      const expiresInHours = (new Date(row.emailVerificationExpiry).getTime() - Date.now()) / 3600_000;
      expect(expiresInHours).toBeGreaterThan(23.9);
      expect(expiresInHours).toBeLessThanOrEqual(24);

      const [mail] = await mailsTo(email.toLowerCase());
      expect(mail.subject).toMatch(/verify/i);
      const token = tokenFrom(mail, 'verify-email');
      expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
      expect(mail.html).toContain(`${PUBLIC_URL}/verify-email?token=${token}`);
      expect(mail.text + mail.html).not.toContain('evil.example');
      // Only the SHA-256 of the token is stored.
      expect(row.emailVerificationToken).toMatch(/^[0-9a-f]{64}$/);
      expect(row.emailVerificationToken).not.toContain(token);
    });

    it('refuses a second account for the same address, whatever its case', async () => {
      const email = uniqueEmail('twice');
      await register(email).expect(201);
      const res = await register(email.toUpperCase()).expect(409);
      expect(res.text).toContain('User already exists');
      const [{ count }] = await db.query('SELECT count(*)::int AS count FROM auth.users WHERE lower(email) = $1', [email]);
      expect(count).toBe(1);
    });
  });

  describe('request size', () => {
    it('refuses a register body over 32kb with 413 in the error shape', async () => {
      const res = await call('post', '/api/auth/register')
        .send({ email: uniqueEmail('big'), password: PASSWORD, confirmPassword: PASSWORD, padding: 'x'.repeat(40 * 1024) })
        .expect(413);
      expect(res.body).toMatchObject({ statusCode: 413, code: 'PAYLOAD_TOO_LARGE' });
      expect(typeof res.body.message).toBe('string');
      expect(res.body.requestId).toBeTruthy();
    });
  });

  describe('sign-in', () => {
    it('refuses an unverified account with 403 only when the password is right', async () => {
      const email = uniqueEmail('unverified');
      await register(email).expect(201);
      const res = await login(email).expect(403);
      expect(res.body.message.toLowerCase()).toContain('email verification');
      await login(email, 'Wrong1pass').expect(401);
    });

    it('answers 401 "Invalid credentials" for a wrong password and for an unknown address', async () => {
      const { email } = await verifiedAccount('wrongpass');
      const wrong = await login(email, 'Wrong1pass').expect(401);
      expect(wrong.body).toMatchObject({ statusCode: 401, message: AUTH_ERRORS.invalidCredentials });
      const unknown = await login(uniqueEmail('nobody')).expect(401);
      expect(unknown.body.message).toBe(AUTH_ERRORS.invalidCredentials);
    });

    it('validates the login body with the spec messages', async () => {
      const bad = await call('post', '/api/auth/login').send({ email: 'nope', password: 'x' }).expect(400);
      expect(bad.body.message).toBe(M.loginEmail);
      const empty = await call('post', '/api/auth/login').send({ email: 'a@b.co', password: '' }).expect(400);
      expect(empty.body.message).toBe(M.loginPasswordRequired);
    });

    it('signs a verified account in with any case of its address and /me reads the database', async () => {
      const { email } = await verifiedAccount('signin');
      const res = await login(email.toUpperCase()).expect(200);
      expect(Object.keys(res.body)).toEqual(['token']);
      const mine = await me(res.body.token).expect(200);
      expect(mine.body).toEqual({ user: { id: expect.any(Number), email, isEmailVerified: 'true', createdAt: expect.any(String) } });
      expect(new Date(mine.body.user.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    });
  });

  describe('e-mail verification', () => {
    it('signs the account in once; the link then no longer works', async () => {
      const email = uniqueEmail('verify');
      await register(email).expect(201);
      const token = tokenFrom((await mailsTo(email))[0], 'verify-email');
      const res = await verify(token).expect(200);
      expect(res.body).toEqual({ success: true, token: expect.any(String), message: expect.any(String) });
      expect((await me(res.body.token).expect(200)).body.user.isEmailVerified).toBe('true');
      const again = await verify(token).expect(400);
      expect(again.body.message).toBe(AUTH_ERRORS.invalidVerificationLink);
      const [row] = await db.query('SELECT "emailVerificationToken", "emailVerificationExpiry" FROM auth.users WHERE email = $1', [email]);
      expect(row).toEqual({ emailVerificationToken: null, emailVerificationExpiry: null });
    });

    it('refuses an expired link and an unknown or missing token', async () => {
      const email = uniqueEmail('expired');
      await register(email).expect(201);
      const token = tokenFrom((await mailsTo(email))[0], 'verify-email');
      await db.query(`UPDATE auth.users SET "emailVerificationExpiry" = now() - interval '1 minute' WHERE email = $1`, [email]);
      expect((await verify(token).expect(400)).body.message).toBe(AUTH_ERRORS.expiredVerificationLink);
      expect((await verify('made-up-token').expect(400)).body.message).toBe(AUTH_ERRORS.invalidVerificationLink);
      expect((await call('post', '/api/auth/verify-email-and-login').expect(400)).body.message).toBe(M.verificationTokenRequired);
      expect((await call('post', '/api/auth/verify-email-and-login?token=').expect(400)).body.message).toBe(M.verificationTokenRequired);
    });

    it('resend answers the same for unknown addresses and replaces the old link', async () => {
      const email = uniqueEmail('resend');
      await register(email).expect(201);
      const first = tokenFrom((await mailsTo(email))[0], 'verify-email');
      const known = await call('post', '/api/auth/resend-verification').send({ email }).expect(200);
      const unknown = await call('post', '/api/auth/resend-verification').send({ email: uniqueEmail('ghost') }).expect(200);
      expect(unknown.body).toEqual(known.body);
      const mails = await mailsTo(email, 2);
      const second = mails.map((m) => tokenFrom(m, 'verify-email')).find((t) => t !== first)!;
      await verify(first).expect(400);
      await verify(second).expect(200);
    });
  });

  describe('password reset', () => {
    it('forgot answers the same for unknown addresses; the link resets the password once', async () => {
      const { email } = await verifiedAccount('reset');
      const known = await call('post', '/api/auth/forgot-password').send({ email }).expect(200);
      const unknown = await call('post', '/api/auth/forgot-password').send({ email: uniqueEmail('ghost') }).expect(200);
      expect(unknown.body).toEqual(known.body);

      const mail = (await mailsTo(email, 2)).find((m) => /reset/i.test(m.subject))!;
      const token = tokenFrom(mail, 'reset-password');
      const [row] = await db.query('SELECT "passwordResetToken", "passwordResetExpiry" FROM auth.users WHERE email = $1', [email]);
      expect(row.passwordResetToken).toMatch(/^[0-9a-f]{64}$/);
      const minutes = (new Date(row.passwordResetExpiry).getTime() - Date.now()) / 60_000;
      expect(minutes).toBeGreaterThan(59);
      expect(minutes).toBeLessThanOrEqual(60);

      const reset = (password: string, confirmPassword = password) =>
        call('post', '/api/auth/reset-password').send({ token, password, confirmPassword });
      expect((await reset('short').expect(400)).body.message).toBe(M.passwordTooShort);
      expect((await reset('Newpass1x', 'Newpass2x').expect(400)).body.message).toBe(M.passwordsDontMatch);
      await reset('Newpass1x').expect(200);
      await login(email).expect(401);
      await login(email, 'Newpass1x').expect(200);
      expect((await reset('Other1pass').expect(400)).body.message).toBe(AUTH_ERRORS.invalidResetLink);
    });

    it('refuses an expired reset link', async () => {
      const { email } = await verifiedAccount('reset-expired');
      await call('post', '/api/auth/forgot-password').send({ email }).expect(200);
      const mail = (await mailsTo(email, 2)).find((m) => /reset/i.test(m.subject))!;
      await db.query(`UPDATE auth.users SET "passwordResetExpiry" = now() - interval '1 second' WHERE email = $1`, [email]);
      const res = await call('post', '/api/auth/reset-password')
        .send({ token: tokenFrom(mail, 'reset-password'), password: 'Newpass1x', confirmPassword: 'Newpass1x' })
        .expect(400);
      expect(res.body.message).toBe(AUTH_ERRORS.expiredResetLink);
      await login(email).expect(200);
    });
  });

  describe('throttling (OWASP / GoTrue style: pair, IP ceiling, account slowdown)', () => {
    const wrong = (email: string, ip: string) => login(email, 'Wrong1pass', ip);

    it('after 10 wrong passwords for one account from one IP answers that pair 429 with Retry-After; the right password from a new IP still signs in', async () => {
      const { email } = await verifiedAccount('throttle-pair');
      const attacker = uniqueIp();
      for (let i = 0; i < 10; i += 1) await wrong(email, attacker).expect(401);
      const res = await login(email, PASSWORD, attacker).expect(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
      expect(res.body).toMatchObject({ statusCode: 429, code: 'TOO_MANY_REQUESTS', message: AUTH_ERRORS.tooManyAttempts });
      // A stranger's failures never lock the owner out: from another address the right password works.
      const owner = await login(email, PASSWORD, uniqueIp()).expect(200);
      expect(owner.body.token).toEqual(expect.any(String));
      // No permanent lockout either: once the window has passed, the pair may try again.
      await db.query(`UPDATE auth.throttle_counters SET "windowStart" = now() - interval '16 minutes' WHERE key = $1`, [`login-pair:${attacker}:${email}`]);
      await login(email, PASSWORD, attacker).expect(200);
    });

    it('failures from many addresses slow the account down but never refuse its owner', async () => {
      const { email } = await verifiedAccount('throttle-slow');
      // 12 failures, each from another address (no pair or IP limit is reached).
      for (let i = 0; i < 12; i += 1) await wrong(email, uniqueIp()).expect(401);
      const [{ hits }] = await db.query(`SELECT hits FROM auth.throttle_counters WHERE key = $1`, [`login-account:${email}`]);
      expect(hits).toBe(12);
      await login(email, PASSWORD, uniqueIp()).expect(200);
      // The right password starts the account's count again.
      expect(await db.query(`SELECT hits FROM auth.throttle_counters WHERE key = $1`, [`login-account:${email}`])).toEqual([]);
    });

    it('a shared address (an office): one person hammering an account does not stop colleagues signing in to theirs', async () => {
      const office = uniqueIp();
      const target = await verifiedAccount('office-target');
      const colleague = await verifiedAccount('office-colleague');
      for (let i = 0; i < 12; i += 1) await wrong(target.email, office);
      await login(target.email, PASSWORD, office).expect(429);
      await login(colleague.email, PASSWORD, office).expect(200);
    });

    it('the per-IP ceiling (100 wrong passwords across accounts) refuses that address only', async () => {
      const sprayer = uniqueIp();
      const { email } = await verifiedAccount('throttle-ip');
      for (let batch = 0; batch < 10; batch += 1) {
        await Promise.all(Array.from({ length: 10 }, () => wrong(uniqueEmail('spray'), sprayer).expect(401)));
      }
      const res = await login(email, PASSWORD, sprayer).expect(429);
      expect(res.headers['retry-after']).toMatch(/^\d+$/);
      await login(email, PASSWORD, uniqueIp()).expect(200);
    });

    it('counts parallel failures atomically: of 20 wrong passwords at once from one address, at most 10 are checked (401), the rest get 429', async () => {
      const { email } = await verifiedAccount('throttle-parallel');
      const ip = uniqueIp();
      const answers = await Promise.all(Array.from({ length: 20 }, () => wrong(email, ip)));
      const statuses = answers.map((res) => res.status);
      expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(10);
      expect(statuses.filter((s) => s === 401 || s === 429)).toHaveLength(20);
      for (const res of answers.filter((r) => r.status === 429)) {
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        expect(res.body).toMatchObject({ statusCode: 429, code: 'TOO_MANY_REQUESTS', message: AUTH_ERRORS.tooManyAttempts });
      }
      await login(email, PASSWORD, ip).expect(429);
    });

    it('a successful sign-in does not count against the address, and gives the pair a fresh start', async () => {
      const ip = uniqueIp();
      const { email } = await verifiedAccount('throttle-success');
      for (let i = 0; i < 9; i += 1) await wrong(email, ip).expect(401);
      for (let i = 0; i < 3; i += 1) await login(email, PASSWORD, ip).expect(200);
      const [{ hits }] = await db.query(`SELECT hits FROM auth.throttle_counters WHERE key = $1`, [`login-ip:${ip}`]);
      expect(hits).toBe(9);
      for (let i = 0; i < 10; i += 1) await wrong(email, ip).expect(401);
      await wrong(email, ip).expect(429);
    });

    it('limits verification and reset mails per address (5 per hour) exactly alike for registered, unverified and unknown addresses', async () => {
      const unverified = uniqueEmail('mail-limit-unverified');
      await register(unverified).expect(201);
      const addresses = [uniqueEmail('mail-limit-unknown'), (await verifiedAccount('mail-limit-known')).email, unverified];
      const answers: number[][] = [];
      for (const email of addresses) {
        const statuses: number[] = [];
        for (let i = 0; i < 6; i += 1) {
          const route = i % 2 ? '/api/auth/forgot-password' : '/api/auth/resend-verification';
          const res = await call('post', route).send({ email });
          statuses.push(res.status);
          if (res.status === 429) {
            expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
            expect(res.body.message).toBe(AUTH_ERRORS.tooManyEmails);
          }
        }
        answers.push(statuses);
      }
      // The limit starts at the same request for each: it cannot tell whether an address registered.
      expect(answers).toEqual([[200, 200, 200, 200, 200, 429], [200, 200, 200, 200, 200, 429], [200, 200, 200, 200, 200, 429]]);
    });

    it('limits registrations and mail requests per address of origin (20 per hour), whatever the e-mail', async () => {
      const ip = uniqueIp();
      for (let i = 0; i < 10; i += 1) await call('post', '/api/auth/register', ip).send({ email: uniqueEmail('burst'), password: PASSWORD, confirmPassword: PASSWORD }).expect(201);
      for (let i = 0; i < 10; i += 1) await call('post', '/api/auth/forgot-password', ip).send({ email: uniqueEmail('burst-forgot') }).expect(200);
      const email = uniqueEmail('burst-last');
      const res = await call('post', '/api/auth/register', ip).send({ email, password: PASSWORD, confirmPassword: PASSWORD }).expect(429);
      expect(res.body).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: AUTH_ERRORS.tooManyRequests });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(await db.query('SELECT 1 FROM auth.users WHERE email = $1', [email])).toEqual([]);
      await call('post', '/api/auth/forgot-password', ip).send({ email }).expect(429);
      await call('post', '/api/auth/register', uniqueIp()).send({ email, password: PASSWORD, confirmPassword: PASSWORD }).expect(201);
    });
  });

  describe('trusted proxies', () => {
    it('believes X-Forwarded-For only from TRUSTED_PROXIES: a client cannot spray its failures over made-up addresses', async () => {
      const strict = await startServiceApp(authService, { env: { ...env, TRUSTED_PROXIES: '192.0.2.1' } });
      try {
        const { email } = await verifiedAccount('xff');
        for (let i = 0; i < 10; i += 1) {
          await request(strict.url).post('/api/auth/login').set('x-forwarded-for', uniqueIp()).send({ email, password: 'Wrong1pass' }).expect(401);
        }
        // All ten came from this test's own address, whatever the header said.
        await request(strict.url).post('/api/auth/login').set('x-forwarded-for', uniqueIp()).send({ email, password: PASSWORD }).expect(429);
        const rows = await db.query(`SELECT key, hits FROM auth.throttle_counters WHERE key LIKE $1`, [`login-pair:%:${email}`]);
        expect(rows).toEqual([{ key: `login-pair:127.0.0.1:${email}`, hits: 11 }]);
      } finally {
        await strict.app.close();
      }
    });
  });

  describe('sessions', () => {
    it('a password reset ends every earlier token; the new password starts a new session', async () => {
      const { email, token: first } = await verifiedAccount('reset-sessions');
      const second = (await login(email).expect(200)).body.token;
      await me(first).expect(200);
      await call('post', '/api/auth/forgot-password').send({ email }).expect(200);
      const mail = (await mailsTo(email, 2)).find((m) => /reset/i.test(m.subject))!;
      await call('post', '/api/auth/reset-password').send({ token: tokenFrom(mail, 'reset-password'), password: 'Newpass1x', confirmPassword: 'Newpass1x' }).expect(200);
      for (const old of [first, second]) {
        const res = await me(old).expect(401);
        expect(res.body.message).toBe(AUTH_ERRORS.sessionEnded);
      }
      await me((await login(email, 'Newpass1x').expect(200)).body.token).expect(200);
    });

    it('"Sign out of all devices" ends every session of the account; sign out ends only its own', async () => {
      const { email, token: laptop } = await verifiedAccount('logout-all');
      const phone = (await login(email).expect(200)).body.token;
      const tablet = (await login(email).expect(200)).body.token;
      await call('post', '/api/auth/logout').set('authorization', `Bearer ${tablet}`).expect(200);
      await me(tablet).expect(401);
      await me(phone).expect(200);
      const res = await call('post', '/api/auth/logout-all').set('authorization', `Bearer ${phone}`).expect(200);
      expect(res.body).toEqual({ success: true, message: expect.any(String) });
      await me(phone).expect(401);
      await me(laptop).expect(401);
      await call('post', '/api/auth/refresh').set('authorization', `Bearer ${laptop}`).expect(401);
      await me((await login(email).expect(200)).body.token).expect(200);
    });

    it('renewing gives a new token of the same session for 7 more days; the old one keeps working until the session ends', async () => {
      const { token } = await verifiedAccount('refresh');
      const claims = (t: string) => JSON.parse(Buffer.from(t.split('.')[1], 'base64url').toString());
      await db.query(`UPDATE auth.sessions SET "expiresAt" = now() + interval '1 day' WHERE id = $1`, [claims(token).sid]);
      const res = await call('post', '/api/auth/refresh').set('authorization', `Bearer ${token}`).expect(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const renewed = res.body.token as string;
      expect(claims(renewed).sid).toBe(claims(token).sid);
      expect(claims(renewed).exp - Math.floor(Date.now() / 1000)).toBeGreaterThan(7 * 24 * 3600 - 120);
      const [row] = await db.query('SELECT "expiresAt" FROM auth.sessions WHERE id = $1', [claims(token).sid]);
      expect(new Date(row.expiresAt).getTime()).toBeGreaterThan(Date.now() + 6.9 * 24 * 3600_000);
      await me(renewed).expect(200);
      await me(token).expect(200);
    });

    it('publishes ended sessions (not live ones) for the other services', async () => {
      const { email, token } = await verifiedAccount('feed');
      const sid = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sid;
      const before = (await call('get', '/api/auth/sessions/revoked').expect(200)).body;
      expect(before.revoked.map((r: { sessionId: string }) => r.sessionId)).not.toContain(sid);
      await call('post', '/api/auth/logout-all').set('authorization', `Bearer ${token}`).expect(200);
      const after = (await call('get', `/api/auth/sessions/revoked?since=${encodeURIComponent(before.asOf)}`).expect(200)).body;
      expect(after.revoked).toContainEqual({ sessionId: sid, expiresAt: expect.any(String) });
      expect(after.revoked.length).toBeLessThan(50);
      await call('get', '/api/auth/sessions/revoked?since=yesterday').expect(400);
      expect(email).toBeTruthy();
    });
  });

  describe('common passwords', () => {
    it('refuses "Password1" and other common passwords at registration and reset, with a clear message, storing nothing', async () => {
      for (const password of ['Password1', 'pASSWORD123', 'Qwerty123']) {
        const email = uniqueEmail('common');
        const res = await register(email, password).expect(400);
        expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', message: M.commonPassword, issues: [{ path: ['password'], message: M.commonPassword }] });
        expect(await db.query('SELECT 1 FROM auth.users WHERE email = $1', [email])).toEqual([]);
      }
      const res = await call('post', '/api/auth/reset-password').send({ token: 'x', password: 'Password1', confirmPassword: 'Password1' }).expect(400);
      expect(res.body.message).toBe(M.commonPassword);
    });
  });

  describe('tokens are never cached', () => {
    it('answers sign-in and verification with Cache-Control: no-store and the security headers', async () => {
      const email = uniqueEmail('nostore');
      await register(email).expect(201);
      const verified = await verify(tokenFrom((await mailsTo(email))[0], 'verify-email')).expect(200);
      const signedIn = await login(email).expect(200);
      for (const res of [verified, signedIn]) {
        expect(res.headers['cache-control']).toBe('no-store');
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
        expect(res.headers['x-frame-options']).toBe('DENY');
        expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      }
    });
  });

  describe('/api/auth/me and tokens', () => {
    it('refuses a tampered, expired, alg none or HS256 token, and one whose account is gone', async () => {
      const { email, token } = await verifiedAccount('jwt');
      const keys = app.get(SigningKeys);
      const [header, payload, signature] = token.split('.');
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
      const future = Math.floor(Date.now() / 1000) + 600;

      await me(`${header}.${b64({ ...claims, email: 'admin@example.com' })}.${signature}`).expect(401);
      await me(`${b64({ alg: 'none', typ: 'JWT', kid: keys.kid })}.${b64({ ...claims, exp: future })}.`).expect(401);
      const hsHeader = b64({ alg: 'HS256', typ: 'JWT', kid: keys.kid });
      const hsPayload = b64({ ...claims, exp: future });
      const publicPem = keys.publicKey.export({ type: 'spki', format: 'pem' }) as string;
      const mac = createHmac('sha256', publicPem).update(`${hsHeader}.${hsPayload}`).digest('base64url');
      await me(`${hsHeader}.${hsPayload}.${mac}`).expect(401);
      const expired = await new SignJWT({ email })
        .setProtectedHeader({ alg: 'ES256', kid: keys.kid })
        .setSubject(claims.sub)
        .setIssuer(JWT_ISSUER)
        .setAudience(JWT_AUDIENCE)
        .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
        .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
        .sign(keys.privateKey);
      expect((await me(expired).expect(401)).body.message).toBe('Token expired');

      await me(token).expect(200);
      await db.query('DELETE FROM auth.users WHERE email = $1', [email]);
      await me(token).expect(401);
    });

    it('never shows a password hash in any answer', () => {
      expect(seen.length).toBeGreaterThan(50);
      for (const body of seen) {
        expect(body).not.toContain('$argon2');
        expect(body).not.toMatch(/"password"\s*:/);
      }
    });
  });

  describe('mail server down', () => {
    it('still registers; resend delivers the link once mail works again', async () => {
      const down = await startServiceApp(authService, { env: { ...env, SMTP_URL: 'smtp://127.0.0.1:9' } });
      const email = uniqueEmail('smtp-down');
      try {
        const res = await request(down.url).post('/api/auth/register').send({ email, password: PASSWORD, confirmPassword: PASSWORD });
        expect(res.status).toBe(201);
        expect(res.body).toEqual({ message: expect.any(String), email });
      } finally {
        await down.app.close();
      }
      const [row] = await db.query('SELECT "isEmailVerified" FROM auth.users WHERE email = $1', [email]);
      expect(row).toEqual({ isEmailVerified: 'false' });
      await call('post', '/api/auth/resend-verification').send({ email }).expect(200);
      const [mail] = await mailsTo(email);
      await verify(tokenFrom(mail, 'verify-email')).expect(200);
      await login(email).expect(200);
    });
  });
});
