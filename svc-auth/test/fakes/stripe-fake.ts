import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the parts of Stripe's API billing uses, written from Stripe's API reference
 * (it cannot be reached from here): it checks requests the way Stripe does and answers with
 * Stripe's object shapes, and it plays Stripe's side of a purchase by sending signed webhook events.
 *
 * - Auth: `Authorization: Bearer <secret key>` (or Basic with the key as user name); anything else
 *   401 `invalid_request_error` "Invalid API Key provided".
 * - Requests: POST bodies are `application/x-www-form-urlencoded` with Stripe's bracket notation
 *   (`line_items[0][price]`); a JSON body, an unknown parameter, a missing required one or an
 *   unknown price/customer is a 400 as Stripe words it.
 * - `POST /v1/checkout/sessions` (mode, line_items, success_url, cancel_url, client_reference_id,
 *   customer | customer_email, metadata, subscription_data[metadata]), `POST
 *   /v1/billing_portal/sessions` (customer, return_url), `GET /v1/subscriptions/:id`.
 * - Webhooks: `Stripe-Signature: t=<unix time>,v1=<hex HMAC-SHA256 of "<t>.<body>" with the
 *   endpoint's secret>`, events `{id: evt_…, object: "event", type, data: {object}, …}` (an
 *   `*.updated` event also carries `data.previous_attributes`).
 */
export class FakeStripe {
  url = '';
  readonly requests: { method: string; path: string; form: Record<string, unknown>; headers: http.IncomingHttpHeaders }[] = [];
  /** Documentation rules the client broke (answered 4xx); a passing test expects none. */
  readonly violations: string[] = [];
  /** What each webhook delivery was answered. */
  readonly deliveries: { eventId: string; type: string; status: number }[] = [];
  readonly sessions = new Map<string, Record<string, unknown>>();
  readonly subscriptions = new Map<string, Record<string, unknown>>();
  readonly customers = new Map<string, { id: string; email: string | null }>();
  readonly events = new Map<string, Record<string, unknown>>();
  private server?: http.Server;

  constructor(
    private readonly options: {
      secretKey: string;
      webhookSecret: string;
      /** price id → its recurring interval */
      prices: Record<string, 'month' | 'year'>;
      /** Where events are sent (svc-auth's /api/billing/stripe/webhook), set once it listens. */
      webhookUrl?: string;
    },
  ) {}

  set webhookUrl(url: string) {
    this.options.webhookUrl = url;
  }

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => void this.serve(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
  }

  /** The customer pays on the Checkout page: Stripe makes the customer, the subscription and its paid first invoice, and sends the events. */
  async completeCheckout(sessionId: string): Promise<{ subscription: Record<string, unknown>; invoiceEvent: Record<string, unknown> }> {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    const customerId = (session.customer as string | null) ?? this.newCustomer((session.customer_email as string | null) ?? null);
    const price = ((session.line_items as { price: string }[])[0]).price;
    const now = Math.floor(Date.now() / 1000);
    const interval = this.options.prices[price];
    const end = interval === 'year' ? now + 365 * 86_400 : now + 30 * 86_400;
    const subscription = {
      id: `sub_${randomBytes(12).toString('hex')}`,
      object: 'subscription',
      customer: customerId,
      status: 'active',
      cancel_at_period_end: false,
      metadata: (session.subscription_data as { metadata?: Record<string, string> } | undefined)?.metadata ?? {},
      items: {
        object: 'list',
        data: [{ id: `si_${randomBytes(8).toString('hex')}`, object: 'subscription_item', price: { id: price, object: 'price', recurring: { interval } }, quantity: 1, current_period_start: now, current_period_end: end }],
        has_more: false,
      },
      created: now,
    };
    this.subscriptions.set(subscription.id, subscription);
    Object.assign(session, { status: 'complete', payment_status: 'paid', customer: customerId, subscription: subscription.id });
    await this.send('customer.subscription.created', subscription);
    await this.send('checkout.session.completed', session);
    const invoiceEvent = await this.payInvoice(subscription.id);
    return { subscription, invoiceEvent };
  }

  /** The subscription's next invoice is paid (a renewal): invoice.paid. */
  async payInvoice(subscriptionId: string): Promise<Record<string, unknown>> {
    const subscription = this.subscriptions.get(subscriptionId)!;
    const item = (subscription.items as { data: { price: { id: string }; current_period_start: number; current_period_end: number }[] }).data[0];
    const invoice = {
      id: `in_${randomBytes(12).toString('hex')}`,
      object: 'invoice',
      number: `FAKE-${this.events.size + 1}`,
      customer: subscription.customer,
      status: 'paid',
      parent: { type: 'subscription_details', quote_details: null, subscription_details: { subscription: subscription.id, metadata: subscription.metadata } },
      lines: { object: 'list', data: [{ object: 'line_item', period: { start: item.current_period_start, end: item.current_period_end }, pricing: { type: 'price_details', price_details: { price: item.price.id } } }], has_more: false },
    };
    return this.send('invoice.paid', invoice);
  }

  /**
   * The seller switches plan in the customer portal: Stripe moves the subscription's item to the new
   * price, keeps the period (the difference is prorated on the next invoice) and sends
   * customer.subscription.updated, with the changed fields' old values in data.previous_attributes.
   */
  async changePrice(subscriptionId: string, price: string): Promise<Record<string, unknown>> {
    const subscription = this.subscriptions.get(subscriptionId)!;
    const interval = this.options.prices[price];
    if (!interval) throw new Error(`no price ${price}`);
    const items = subscription.items as { data: Record<string, unknown>[] };
    const previous = { items: structuredClone(items) };
    items.data[0] = { ...items.data[0], price: { id: price, object: 'price', recurring: { interval } } };
    return this.send('customer.subscription.updated', subscription, previous);
  }

  /** The seller cancels in the portal and the period ends: customer.subscription.deleted. */
  async cancel(subscriptionId: string): Promise<void> {
    const subscription = this.subscriptions.get(subscriptionId)!;
    Object.assign(subscription, { status: 'canceled', canceled_at: Math.floor(Date.now() / 1000) });
    await this.send('customer.subscription.deleted', subscription);
  }

  /** Delivers an event again (Stripe retries until it gets a 2xx, and may deliver twice anyway). */
  async replay(event: Record<string, unknown>): Promise<number> {
    return this.deliver(event, this.options.webhookSecret);
  }

  /** Delivers an event signed with another secret (an attacker's or a stale one). */
  async deliverForged(type: string, object: Record<string, unknown>): Promise<number> {
    return this.deliver(this.event(type, object), `whsec_${randomBytes(24).toString('base64url')}`);
  }

  /** The Stripe-Signature header of `payload` at `timestamp`, per Stripe's webhook signature scheme (v1). */
  static signature(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
    const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
    return `t=${timestamp},v1=${v1}`;
  }

  private async send(type: string, object: Record<string, unknown>, previousAttributes?: Record<string, unknown>): Promise<Record<string, unknown>> {
    const event = this.event(type, object, previousAttributes);
    this.events.set(event.id as string, event);
    await this.deliver(event, this.options.webhookSecret);
    return event;
  }

  private event(type: string, object: Record<string, unknown>, previousAttributes?: Record<string, unknown>): Record<string, unknown> {
    return {
      id: `evt_${randomBytes(12).toString('hex')}`,
      object: 'event',
      api_version: '2026-10-28.endive',
      created: Math.floor(Date.now() / 1000),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      // A snapshot, as Stripe sends it: later changes to the object do not change a sent event.
      data: { object: structuredClone(object), ...(previousAttributes ? { previous_attributes: previousAttributes } : {}) },
    };
  }

  private async deliver(event: Record<string, unknown>, secret: string): Promise<number> {
    const payload = JSON.stringify(event, null, 2);
    const res = await fetch(this.options.webhookUrl!, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': FakeStripe.signature(payload, secret), 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' },
      body: payload,
    });
    await res.arrayBuffer();
    this.deliveries.push({ eventId: event.id as string, type: event.type as string, status: res.status });
    return res.status;
  }

  private newCustomer(email: string | null): string {
    const id = `cus_${randomBytes(7).toString('hex')}`;
    this.customers.set(id, { id, email });
    return id;
  }

  private async serve(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const path = (req.url ?? '').split('?')[0];
    const answer = (status: number, json: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(7).toString('hex')}` });
      res.end(JSON.stringify(json));
    };
    const refuse = (status: number, message: string, extra: Record<string, unknown> = {}) => {
      this.violations.push(`${req.method} ${path}: ${message}`);
      answer(status, { error: { type: 'invalid_request_error', message, ...extra } });
    };
    if (!this.authorized(req.headers.authorization)) {
      return refuse(401, `Invalid API Key provided: ${String(req.headers.authorization ?? '').slice(0, 20)}****`);
    }
    let form: Record<string, unknown> = {};
    if (req.method === 'POST' && body) {
      if (!/^application\/x-www-form-urlencoded/.test(req.headers['content-type'] ?? '')) {
        return refuse(400, 'Invalid request: Stripe expects application/x-www-form-urlencoded bodies');
      }
      form = parseStripeForm(body);
    }
    this.requests.push({ method: req.method ?? '', path, form, headers: req.headers });
    try {
      if (req.method === 'POST' && path === '/v1/checkout/sessions') return answer(200, this.createSession(form));
      if (req.method === 'POST' && path === '/v1/billing_portal/sessions') return answer(200, this.createPortalSession(form));
      const sub = /^\/v1\/subscriptions\/([\w]+)$/.exec(path);
      if (req.method === 'GET' && sub) {
        const subscription = this.subscriptions.get(sub[1]);
        if (!subscription) throw new StripeError(404, `No such subscription: '${sub[1]}'`, 'resource_missing', 'id');
        return answer(200, subscription);
      }
      throw new StripeError(404, `Unrecognized request URL (${req.method}: ${path}).`);
    } catch (error) {
      if (!(error instanceof StripeError)) throw error;
      refuse(error.status, error.message, { ...(error.code ? { code: error.code } : {}), ...(error.param ? { param: error.param } : {}) });
    }
  }

  private authorized(header: string | undefined): boolean {
    if (!header) return false;
    const bearer = /^Bearer (.+)$/.exec(header)?.[1];
    const basic = /^Basic (.+)$/.exec(header)?.[1];
    const key = bearer ?? (basic ? Buffer.from(basic, 'base64').toString('utf8').split(':')[0] : undefined);
    return key === this.options.secretKey;
  }

  private createSession(form: Record<string, unknown>): Record<string, unknown> {
    const allowed = ['mode', 'line_items', 'success_url', 'cancel_url', 'client_reference_id', 'customer', 'customer_email', 'metadata', 'subscription_data'];
    for (const key of Object.keys(form)) if (!allowed.includes(key)) throw new StripeError(400, `Received unknown parameter: ${key}`, 'parameter_unknown', key);
    if (!['payment', 'setup', 'subscription'].includes(form.mode as string)) throw new StripeError(400, 'Missing required param: mode.', 'parameter_missing', 'mode');
    if (!form.success_url) throw new StripeError(400, 'Missing required param: success_url.', 'parameter_missing', 'success_url');
    if (form.customer && form.customer_email) throw new StripeError(400, 'You may only specify one of these parameters: customer, customer_email.');
    if (form.customer && !this.customers.has(form.customer as string)) throw new StripeError(400, `No such customer: '${String(form.customer)}'`, 'resource_missing', 'customer');
    const items = form.line_items as { price?: string; quantity?: string }[] | undefined;
    if (!Array.isArray(items) || !items.length) throw new StripeError(400, 'Missing required param: line_items.', 'parameter_missing', 'line_items');
    for (const [i, item] of items.entries()) {
      if (!item.price || !(item.price in this.options.prices)) throw new StripeError(400, `No such price: '${String(item.price)}'`, 'resource_missing', `line_items[${i}][price]`);
      if (!/^\d+$/.test(item.quantity ?? '')) throw new StripeError(400, 'Missing required param: line_items[0][quantity].', 'parameter_missing', `line_items[${i}][quantity]`);
    }
    const id = `cs_test_${randomBytes(24).toString('base64url')}`;
    const session = {
      id,
      object: 'checkout.session',
      mode: form.mode,
      status: 'open',
      payment_status: 'unpaid',
      client_reference_id: form.client_reference_id ?? null,
      customer: form.customer ?? null,
      customer_email: form.customer_email ?? null,
      metadata: form.metadata ?? {},
      subscription: null,
      subscription_data: form.subscription_data,
      line_items: items.map((i) => ({ price: i.price, quantity: Number(i.quantity) })),
      success_url: form.success_url,
      cancel_url: form.cancel_url ?? null,
      url: `https://checkout.stripe.com/c/pay/${id}`,
    };
    this.sessions.set(id, session);
    return session;
  }

  private createPortalSession(form: Record<string, unknown>): Record<string, unknown> {
    for (const key of Object.keys(form)) if (!['customer', 'return_url'].includes(key)) throw new StripeError(400, `Received unknown parameter: ${key}`, 'parameter_unknown', key);
    if (!form.customer) throw new StripeError(400, 'Missing required param: customer.', 'parameter_missing', 'customer');
    if (!this.customers.has(form.customer as string)) throw new StripeError(400, `No such customer: '${String(form.customer)}'`, 'resource_missing', 'customer');
    const id = `bps_${randomBytes(12).toString('hex')}`;
    return { id, object: 'billing_portal.session', customer: form.customer, return_url: form.return_url ?? null, url: `https://billing.stripe.com/p/session/test_${id}` };
  }
}

class StripeError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
  }
}

/**
 * Stripe's form encoding: `a[b]=1&list[0][c]=2` → {a: {b: '1'}, list: [{c: '2'}]}. Arrays are
 * numeric-keyed objects turned into arrays; every leaf is a string, as Stripe receives it.
 */
export function parseStripeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [name, value] of new URLSearchParams(body)) {
    const [head, ...rest] = name.split('[');
    const path = [head, ...rest.map((p) => p.replace(/\]$/, ''))];
    let node: Record<string, unknown> = root;
    path.forEach((key, i) => {
      if (i === path.length - 1) node[key] = value;
      else node = (node[key] ??= {}) as Record<string, unknown>;
    });
  }
  const arrays = (value: unknown): unknown => {
    if (typeof value !== 'object' || value === null) return value;
    const entries = Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, arrays(v)] as const);
    if (entries.length && entries.every(([k]) => /^\d+$/.test(k))) return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => v);
    return Object.fromEntries(entries);
  };
  return arrays(root) as Record<string, unknown>;
}
