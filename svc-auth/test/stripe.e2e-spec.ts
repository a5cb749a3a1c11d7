import type { INestApplication } from '@nestjs/common';
import { API_KEY_AUTHORIZE_PATH, API_KEYS_PATH, BILLING_ERRORS, BILLING_PATHS, type BillingAccount, type LedgerEntry } from '@vton/contracts';
import { startServiceApp } from '@vton/service-kit';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { authService } from '../src/app.module.js';
import { runBillingCommand } from '../src/billing/billing-command.js';
import { createVerifiedAccount } from '../src/testing.js';
import { TokenService } from '../src/tokens/token.service.js';
import { FakeStripe, parseStripeForm } from './fakes/stripe-fake.js';

const SECRET_KEY = `sk_test_${randomBytes(16).toString('hex')}`;
const WEBHOOK_SECRET = `whsec_${randomBytes(24).toString('base64url')}`;
const PRICES = {
  STRIPE_PRICE_STARTER_MONTHLY: 'price_starter_m',
  STRIPE_PRICE_STARTER_YEARLY: 'price_starter_y',
  STRIPE_PRICE_PROFESSIONAL_MONTHLY: 'price_pro_m',
  STRIPE_PRICE_PROFESSIONAL_YEARLY: 'price_pro_y',
  STRIPE_PRICE_ENTERPRISE_MONTHLY: 'price_ent_m',
  STRIPE_PRICE_ENTERPRISE_YEARLY: 'price_ent_y',
};

/** Stripe billing end to end: the official SDK against a fake Stripe written from Stripe's API reference. */
describe('svc-auth Stripe billing (real Postgres, fake Stripe)', () => {
  const keyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-auth-stripe-'));
  const stripe = new FakeStripe({
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    prices: Object.fromEntries(Object.entries(PRICES).map(([name, id]) => [id, name.endsWith('YEARLY') ? 'year' : 'month'])),
  });
  let app: INestApplication;
  let url: string;
  let db: DataSource;

  async function account(): Promise<{ id: number; email: string; token: string }> {
    const { id, email } = await createVerifiedAccount(app, `stripe-${Date.now()}-${Math.floor(Math.random() * 1e9)}@example.com`);
    return { id, email, token: await app.get(TokenService).issue({ id, email }) };
  }
  const billing = async (token: string) => (await request(url).get(BILLING_PATHS.account).auth(token, { type: 'bearer' }).expect(200)).body as BillingAccount;
  const grants = async (token: string) =>
    ((await request(url).get(`${BILLING_PATHS.ledger}?pageSize=100`).auth(token, { type: 'bearer' }).expect(200)).body.entries as LedgerEntry[]).filter((e) => e.kind === 'grant');
  /** Starts Checkout as the plan page does and answers the session the SDK created at the fake. */
  async function checkout(token: string, plan: string, interval: string) {
    const res = await request(url).post(BILLING_PATHS.checkout).auth(token, { type: 'bearer' }).send({ plan, interval }).expect(200);
    const sessionId = /\/c\/pay\/(cs_test_[\w-]+)$/.exec(res.body.url)?.[1];
    expect(sessionId).toBeDefined();
    return { url: res.body.url as string, sessionId: sessionId! };
  }

  beforeAll(async () => {
    await stripe.start();
    ({ app, url } = await startServiceApp(authService, {
      env: {
        ...process.env,
        JWT_KEY_FILE: path.join(keyDir, 'key.pem'),
        PUBLIC_URL: 'https://tryon.example.com',
        TRIAL_CREDITS: '10',
        STRIPE_SECRET_KEY: SECRET_KEY,
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_URL: stripe.url,
        ...PRICES,
      },
    }));
    stripe.webhookUrl = `${url}${BILLING_PATHS.stripeWebhook}`;
    db = app.get(DataSource);
  });

  afterAll(async () => {
    await app?.close();
    await stripe.stop();
    fs.rmSync(keyDir, { recursive: true, force: true });
  });

  afterEach(() => expect(stripe.violations).toEqual([]));

  it('creates a Checkout Session in subscription mode for the plan and period, carrying the account, as Stripe documents it', async () => {
    const seller = await account();
    expect(await billing(seller.token)).toMatchObject({ checkout: true, portal: false });
    const { url: checkoutUrl, sessionId } = await checkout(seller.token, 'professional', 'year');
    expect(checkoutUrl).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    const sent = stripe.requests.find((r) => r.path === '/v1/checkout/sessions' && stripe.sessions.get(sessionId)?.client_reference_id === r.form.client_reference_id)!;
    expect(sent.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(sent.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(sent.headers['stripe-version']).toMatch(/^\d{4}-\d{2}-\d{2}/);
    expect(sent.form).toEqual({
      mode: 'subscription',
      line_items: [{ price: 'price_pro_y', quantity: '1' }],
      client_reference_id: String(seller.id),
      customer_email: seller.email,
      subscription_data: { metadata: { userId: String(seller.id) } },
      metadata: { userId: String(seller.id) },
      success_url: 'https://tryon.example.com/account/billing?checkout=success',
      cancel_url: 'https://tryon.example.com/account/billing?plan=professional&interval=year',
    });
    await request(url).post(BILLING_PATHS.checkout).auth(seller.token, { type: 'bearer' }).send({ plan: 'gold', interval: 'year' }).expect(400);
    // No subscription yet: nothing to manage in the portal.
    await request(url).post(BILLING_PATHS.portal).auth(seller.token, { type: 'bearer' }).expect(409);
  });

  it('a signed invoice.paid for Professional makes the account Professional with 500 more credits, once however often it is delivered; API keys then work', async () => {
    const seller = await account();
    expect(await billing(seller.token)).toMatchObject({ plan: 'trial', credits: { available: 10 } });
    await request(url).post(API_KEYS_PATH).auth(seller.token, { type: 'bearer' }).send({ name: 'Shop', scopes: ['try-on'] }).expect(403);

    const { sessionId } = await checkout(seller.token, 'professional', 'month');
    const { subscription, invoiceEvent } = await stripe.completeCheckout(sessionId);
    expect(stripe.deliveries.slice(-3).map((d) => [d.type, d.status])).toEqual([
      ['customer.subscription.created', 200],
      ['checkout.session.completed', 200],
      ['invoice.paid', 200],
    ]);
    const after = await billing(seller.token);
    expect(after).toMatchObject({ plan: 'professional', status: 'active', interval: 'month', credits: { available: 510, reserved: 0 } });
    expect(Date.parse(after.renewsAt!)).toBeGreaterThan(Date.now() + 25 * 86_400_000);

    // Stripe delivers the same event again (a retry, a replay): nothing more.
    for (let i = 0; i < 3; i++) expect(await stripe.replay(invoiceEvent)).toBe(200);
    await Promise.all([stripe.replay(invoiceEvent), stripe.replay(invoiceEvent)]);
    expect((await billing(seller.token)).credits.available).toBe(510);
    expect((await grants(seller.token)).map((g) => g.credits)).toEqual([500, 10]);
    const [{ count }] = await db.query(`SELECT count(*)::int AS count FROM auth.stripe_events WHERE id = $1`, [invoiceEvent.id]);
    expect(count).toBe(1);

    const { key } = (await request(url).post(API_KEYS_PATH).auth(seller.token, { type: 'bearer' }).send({ name: 'Shop', scopes: ['try-on'] }).expect(201)).body;
    await request(url).post(API_KEY_AUTHORIZE_PATH).send({ key }).expect(200);

    // Next month's invoice: another 500 on top (unused credits roll over).
    await stripe.payInvoice(subscription.id as string);
    expect((await billing(seller.token)).credits.available).toBe(1010);

    // The portal manages it; cancelling ends the plan: keys stop, the credits stay.
    const portal = await request(url).post(BILLING_PATHS.portal).auth(seller.token, { type: 'bearer' }).expect(200);
    expect(portal.body.url).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\//);
    expect(stripe.requests.filter((r) => r.path === '/v1/billing_portal/sessions').at(-1)!.form).toEqual({
      customer: subscription.customer,
      return_url: 'https://tryon.example.com/account/billing',
    });
    await stripe.cancel(subscription.id as string);
    expect(await billing(seller.token)).toMatchObject({ plan: 'professional', status: 'canceled', credits: { available: 1010 } });
    await request(url).post(API_KEY_AUTHORIZE_PATH).send({ key }).expect(403);
  });

  it('a plan changed in the customer portal (Starter → Professional, customer.subscription.updated) changes the plan; the next paid invoice grants its month; back to Starter, API keys stop', async () => {
    const seller = await account();
    const { sessionId } = await checkout(seller.token, 'starter', 'month');
    const { subscription } = await stripe.completeCheckout(sessionId);
    expect(await billing(seller.token)).toMatchObject({ plan: 'starter', status: 'active', interval: 'month', portal: true, credits: { available: 60 } });
    const createKey = () => request(url).post(API_KEYS_PATH).auth(seller.token, { type: 'bearer' }).send({ name: 'Shop', scopes: ['try-on'] });
    await createKey().expect(403);

    const upgraded = await stripe.changePrice(subscription.id as string, PRICES.STRIPE_PRICE_PROFESSIONAL_MONTHLY);
    expect(stripe.deliveries.at(-1)).toEqual({ eventId: upgraded.id, type: 'customer.subscription.updated', status: 200 });
    // The plan is Professional at once; its credits come with the invoice Stripe charges for it.
    expect(await billing(seller.token)).toMatchObject({ plan: 'professional', status: 'active', interval: 'month', portal: true, credits: { available: 60 } });
    const { key } = (await createKey().expect(201)).body;
    await request(url).post(API_KEY_AUTHORIZE_PATH).send({ key }).expect(200);
    await stripe.payInvoice(subscription.id as string);
    expect(await stripe.replay(upgraded)).toBe(200);
    expect((await billing(seller.token)).credits.available).toBe(560);
    expect((await grants(seller.token)).map((g) => [g.credits, g.note?.replace(/ \(invoice .*\)$/, '')])).toEqual([
      [500, 'Professional plan: credits for the month'],
      [50, 'Starter plan: credits for the month'],
      [10, 'Free trial (7 days)'],
    ]);

    await stripe.changePrice(subscription.id as string, PRICES.STRIPE_PRICE_STARTER_MONTHLY);
    expect(await billing(seller.token)).toMatchObject({ plan: 'starter', status: 'active', credits: { available: 560 } });
    const stopped = await request(url).post(API_KEY_AUTHORIZE_PATH).send({ key }).expect(403);
    expect(stopped.body).toMatchObject({ code: 'PLAN_REQUIRED', message: BILLING_ERRORS.apiKeysNeedPlan });
  });

  it('has no portal for a plan the operator set, and has one once the seller buys a plan through Checkout', async () => {
    const seller = await account();
    await runBillingCommand(['plan', seller.email, 'professional'], process.env);
    expect(await billing(seller.token)).toMatchObject({ plan: 'professional', status: 'active', checkout: true, portal: false });
    const refused = await request(url).post(BILLING_PATHS.portal).auth(seller.token, { type: 'bearer' }).expect(409);
    expect(refused.body.message).toBe(BILLING_ERRORS.noSubscription);

    const { sessionId } = await checkout(seller.token, 'enterprise', 'month');
    const { subscription } = await stripe.completeCheckout(sessionId);
    expect(await billing(seller.token)).toMatchObject({ plan: 'enterprise', status: 'active', checkout: true, portal: true });
    await request(url).post(BILLING_PATHS.portal).auth(seller.token, { type: 'bearer' }).expect(200);
    expect(stripe.requests.filter((r) => r.path === '/v1/billing_portal/sessions').at(-1)!.form).toMatchObject({ customer: subscription.customer });
  });

  it('a yearly plan grants a month at a time', async () => {
    const seller = await account();
    const { sessionId } = await checkout(seller.token, 'starter', 'year');
    await stripe.completeCheckout(sessionId);
    expect(await billing(seller.token)).toMatchObject({ plan: 'starter', interval: 'year', credits: { available: 60 } });
    const [{ nextGrantAt }] = await db.query(`SELECT "nextGrantAt" FROM auth.billing_accounts WHERE "userId" = $1`, [seller.id]);
    expect(nextGrantAt.getTime()).toBeGreaterThan(Date.now() + 27 * 86_400_000);
  });

  it('refuses a bad or missing signature with 400 and changes nothing', async () => {
    const seller = await account();
    const { sessionId } = await checkout(seller.token, 'enterprise', 'month');
    const session = stripe.sessions.get(sessionId)!;
    expect(await stripe.deliverForged('checkout.session.completed', { ...session, status: 'complete', subscription: 'sub_forged' })).toBe(400);
    const payload = JSON.stringify({ id: 'evt_unsigned', object: 'event', type: 'invoice.paid', data: { object: {} } });
    await request(url).post(BILLING_PATHS.stripeWebhook).set('content-type', 'application/json').send(payload).expect(400);
    // Signed right but too old (Stripe's SDK allows 5 minutes): a replayed capture of an old delivery.
    const stale = FakeStripe.signature(payload, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 3600);
    await request(url).post(BILLING_PATHS.stripeWebhook).set('content-type', 'application/json').set('stripe-signature', stale).send(payload).expect(400);
    expect(await billing(seller.token)).toMatchObject({ plan: 'trial', credits: { available: 10 } });
  });

  it('parses Stripe form bodies the way the fake checks them', () => {
    expect(parseStripeForm('a=1&b[c]=2&list[0][x]=3&list[1][x]=4')).toEqual({ a: '1', b: { c: '2' }, list: [{ x: '3' }, { x: '4' }] });
  });
});
