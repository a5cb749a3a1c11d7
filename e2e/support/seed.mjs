/**
 * Test data through the real APIs, as a seller would make it: an account registered and
 * verified through svc-auth and the e-mail in MailDev, then gallery images saved through
 * svc-media's POST /api/generated-images.
 */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import sharp from 'sharp';

const PASSWORD = 'Seller-Pass-1';

/**
 * @param {string} baseUrl @param {string} method @param {string} path
 * @param {{ body?: unknown, token?: string }} [options]
 */
async function call(baseUrl, method, path, { body, token } = {}) {
  const response = await fetch(new URL(path, baseUrl), {
    method,
    headers: {
      ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} → ${response.status}: ${text}`);
  return text ? JSON.parse(text) : null;
}

/** The verification token from the newest e-mail MailDev holds for `email`. */
async function verificationToken(mailInboxUrl, email, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mails = await (await fetch(new URL('/api/email', mailInboxUrl))).json();
    const mine = mails.filter((mail) => (mail.to ?? []).some((to) => to.address?.toLowerCase() === email.toLowerCase()));
    for (const mail of mine.reverse()) {
      const match = /verify-email\?token=([^"'&\s<]+)/.exec(`${mail.html ?? ''} ${mail.text ?? ''}`);
      if (match) return decodeURIComponent(match[1].replace(/&amp;$/, ''));
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No verification e-mail for ${email} in ${mailInboxUrl}`);
}

/** Registers and verifies a new seller; returns { email, token }. */
export async function createVerifiedUser(baseUrl, mailInboxUrl, prefix = 'gallery') {
  const email = `${prefix}-${crypto.randomUUID().slice(0, 8)}@example.com`;
  await call(baseUrl, 'POST', '/api/auth/register', { body: { email, password: PASSWORD, confirmPassword: PASSWORD } });
  const verification = await verificationToken(mailInboxUrl, email);
  const verified = await call(baseUrl, 'POST', `/api/auth/verify-email-and-login?token=${encodeURIComponent(verification)}`);
  return { email, password: PASSWORD, token: verified.token };
}

/** Signs a page (or a whole browser context) in as `user` before any page script runs. */
export function signIn(page, user) {
  return page.addInitScript((token) => window.localStorage.setItem('auth_token', token), user.token);
}

/** A small PNG data URL of a given size, its colour derived from `seed`. */
export async function pngDataUrl(seed, width, height) {
  const hue = (seed * 47) % 360;
  const [r, g, b] = hslToRgb(hue / 360, 0.6, 0.5);
  const png = await sharp({ create: { width, height, channels: 3, background: { r, g, b } } }).png().toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

/**
 * Saves `count` images for the user, one after another (ids grow, so the last is the newest);
 * returns the GeneratedImageRecords in the order saved. `metadata(i)` adds to the i-th one's metadata.
 * @param {string} baseUrl
 * @param {string} token
 * @param {number} count
 * @param {{ width?: number, height?: number, generationType?: 'mock' | 'vton', metadata?: (i: number) => Record<string, unknown> }} [options]
 */
export async function seedGeneratedImages(baseUrl, token, count, { width = 1200, height = 900, generationType = 'mock', metadata = () => ({}) } = {}) {
  const records = [];
  for (let i = 0; i < count; i += 1) {
    const imageUrl = await pngDataUrl(i, width, height);
    records.push(
      await call(baseUrl, 'POST', '/api/generated-images', {
        token,
        body: { imageUrl, prompt: `seeded result ${i + 1}`, generationType, metadata: { processedAt: new Date().toISOString(), ...metadata(i) } },
      }),
    );
  }
  return records;
}

export async function listGeneratedImages(baseUrl, token, query = '') {
  return call(baseUrl, 'GET', `/api/generated-images${query}`, { token });
}

/** The path of a signed URL without its signature, to compare two signings of one object. */
export function unsigned(url) {
  return new URL(url, 'http://x').pathname;
}

function hslToRgb(h, s, l) {
  const f = (n) => {
    const k = (n + h * 12) % 12;
    const a = s * Math.min(l, 1 - l);
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}

/**
 * The operator's billing command (`npm run billing -- …`, svc-auth README "Plans and credits") on the
 * suite's database (E2E_DATABASE_URL; against a running `npm start`, its embedded Postgres).
 */
function billing(...args) {
  const env = { ...process.env, ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}) };
  return execFileSync(process.execPath, [path.resolve(import.meta.dirname, '../../packages/local-stack/bin/billing.mjs'), ...args], { env, encoding: 'utf8' });
}

/** Puts the seller on a plan (API keys need Professional or Enterprise, webhooks Enterprise). */
export function setPlan(email, plan) {
  return billing('plan', email, plan);
}

/** Grants (+N) or takes (-N) credits, with a note in the ledger. */
export function adjustCredits(email, credits, note) {
  return billing('credits', email, credits, note);
}
