import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sendWebhook, type WebhookRequest } from './webhook-client.js';

/** A receiver on 127.0.0.1 whose behaviour each test sets; it counts what reaches it. */
class Receiver {
  hits: { url: string; headers: http.IncomingHttpHeaders; body: string }[] = [];
  handle: (req: http.IncomingMessage, res: http.ServerResponse) => void = (_req, res) => res.writeHead(204).end();
  private server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      this.hits.push({ url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString() });
      this.handle(req, res);
    });
  });
  port = 0;

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

describe('sending a webhook', () => {
  let receiver: Receiver;
  const request = (over: Partial<WebhookRequest> = {}): WebhookRequest => ({
    // A name no resolver knows: the socket must go to the checked address, not look the name up.
    url: new URL(`http://hooks.unresolvable.test:${receiver.port}/vton?x=1`),
    address: '127.0.0.1',
    headers: { 'content-type': 'application/json', 'webhook-id': 'msg_1' },
    body: '{"type":"webhook.test"}',
    timeoutMs: 2000,
    maxResponseBytes: 1024,
    ...over,
  });

  beforeEach(async () => {
    receiver = await new Receiver().start();
  });
  afterEach(() => receiver.stop());

  it('connects to the checked address without resolving the host name again, and sends the body and headers as given', async () => {
    await expect(sendWebhook(request())).resolves.toEqual({ status: 204, retryAfterSeconds: null, error: null });
    expect(receiver.hits).toHaveLength(1);
    expect(receiver.hits[0]).toMatchObject({ url: '/vton?x=1', body: '{"type":"webhook.test"}' });
    expect(receiver.hits[0].headers).toMatchObject({ host: `hooks.unresolvable.test:${receiver.port}`, 'webhook-id': 'msg_1', 'content-length': '23' });
  });

  it('reports the status and Retry-After of a failing receiver, and never follows a redirect', async () => {
    receiver.handle = (_req, res) => res.writeHead(503, { 'retry-after': '30' }).end('busy');
    await expect(sendWebhook(request())).resolves.toEqual({ status: 503, retryAfterSeconds: 30, error: null });
    receiver.handle = (_req, res) => res.writeHead(302, { location: `http://127.0.0.1:${receiver.port}/elsewhere` }).end();
    await expect(sendWebhook(request())).resolves.toMatchObject({ status: 302 });
    expect(receiver.hits.map((h) => h.url)).toEqual(['/vton?x=1', '/vton?x=1']);
  });

  it('gives up on a receiver that does not answer in time', async () => {
    receiver.handle = () => undefined; // never answers
    await expect(sendWebhook(request({ timeoutMs: 300 }))).resolves.toEqual({ status: null, retryAfterSeconds: null, error: expect.stringMatching(/^No answer within/) });
  });

  it('stops reading an answer larger than the byte cap', async () => {
    receiver.handle = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      // An answer without end: the sender must not read it all.
      const chunk = Buffer.alloc(64 * 1024, 120);
      const write = () => {
        while (!res.destroyed && res.write(chunk));
        if (!res.destroyed) res.once('drain', write);
      };
      write();
    };
    await expect(sendWebhook(request({ maxResponseBytes: 100_000 }))).resolves.toEqual({ status: 200, retryAfterSeconds: null, error: 'The answer was larger than 100000 bytes' });
  });

  it('reports a refused connection', async () => {
    const port = receiver.port;
    await receiver.stop();
    const answer = await sendWebhook(request({ url: new URL(`http://hooks.test:${port}/`) }));
    expect(answer).toEqual({ status: null, retryAfterSeconds: null, error: 'Connection refused' });
    receiver = await new Receiver().start();
  });
});
