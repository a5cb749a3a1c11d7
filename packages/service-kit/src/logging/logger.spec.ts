import { Writable } from 'node:stream';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pinoHttp } from 'pino-http';
import { pinoHttpOptions, redactUrl, serializeRequest } from './logger.js';

describe('redactUrl', () => {
  it('replaces the values of token, key, sig and access_token, keeping the rest as sent', () => {
    expect(redactUrl('/api/auth/verify-email-and-login?token=abc123')).toBe('/api/auth/verify-email-and-login?token=[REDACTED]');
    expect(redactUrl('/api/generation/results/fallback?key=results%2F7%2Fa.png&w=512')).toBe('/api/generation/results/fallback?key=[REDACTED]&w=512');
    expect(redactUrl('/api/media/files/9?exp=1700000000&sig=deadbeef')).toBe('/api/media/files/9?exp=1700000000&sig=[REDACTED]');
    expect(redactUrl('/x?access_token=t&page=2&ACCESS_TOKEN=u&Sig=s')).toBe('/x?access_token=[REDACTED]&page=2&ACCESS_TOKEN=[REDACTED]&Sig=[REDACTED]');
    expect(redactUrl('/x?%74oken=t')).toBe('/x?%74oken=[REDACTED]');
    expect(redactUrl('/x?token=a&token=b#frag')).toBe('/x?token=[REDACTED]&token=[REDACTED]#frag');
  });

  it('leaves URLs without secrets alone', () => {
    expect(redactUrl('/api/media/garments')).toBe('/api/media/garments');
    expect(redactUrl('/api/media/garments?page=2&keyword=shirt&monkey=1')).toBe('/api/media/garments?page=2&keyword=shirt&monkey=1');
    expect(redactUrl('/x?token')).toBe('/x?token');
    expect(redactUrl('/x?%E0%A4%A=1')).toBe('/x?%E0%A4%A=1');
    expect(redactUrl(undefined)).toBeUndefined();
  });
});

describe('serializeRequest', () => {
  it('redacts the url and a parsed query without touching the request', () => {
    const query = { token: 'abc', page: '2' };
    const out = serializeRequest({ method: 'GET', url: '/v?token=abc&page=2', query });
    expect(out).toMatchObject({ method: 'GET', url: '/v?token=[REDACTED]&page=2', query: { token: '[REDACTED]', page: '2' } });
    expect(query.token).toBe('abc');
  });
});

describe('request logs of a service', () => {
  it('never contain the secrets of a query string', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const log = pinoHttp({ ...pinoHttpOptions('svc-auth', { LOG_LEVEL: 'info' }), genReqId: () => 'r1' }, sink);
    const server = createServer((req: IncomingMessage, res: ServerResponse) => {
      // express sets originalUrl and a parsed query; pino's serializer logs both.
      Object.assign(req, { originalUrl: req.url, query: Object.fromEntries(new URL(req.url!, 'http://x').searchParams) });
      log(req, res);
      res.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      await fetch(`${base}/api/auth/verify-email-and-login?token=s3cr3t-verify`, { headers: { authorization: 'Bearer s3cr3t-jwt' } });
      await fetch(`${base}/api/generation/results/fallback?key=s3cr3t-key&access_token=s3cr3t-at`);
      await fetch(`${base}/api/media/files/1?exp=1&sig=s3cr3t-sig`);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    await new Promise((resolve) => setImmediate(resolve));
    const all = lines.join('');
    expect(lines).toHaveLength(3);
    expect(all).not.toMatch(/s3cr3t/);
    const first = JSON.parse(lines[0]);
    expect(first.req).toMatchObject({ url: '/api/auth/verify-email-and-login?token=[REDACTED]', query: { token: '[REDACTED]' } });
    expect(JSON.parse(lines[2]).req.url).toBe('/api/media/files/1?exp=1&sig=[REDACTED]');
  });
});
