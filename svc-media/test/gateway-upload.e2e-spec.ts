import { createGateway } from '@vton/local-stack';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { MediaHarness } from './helpers.js';

/**
 * An upload svc-media refuses before reading it (a bad token), sent through `npm start`'s gateway
 * as a browser sends a form (its length declared): the answer must be svc-media's 401, never a
 * 503 or a broken connection (EPIPE) because svc-media answered while the body was still coming.
 * (It failed with http-proxy, whose connections to the apps asked them to close after each
 * answer: svc-media then closed on the unread body and the gateway's next write broke.)
 */
describe('a refused upload through the gateway (real Postgres and S3)', () => {
  const h = new MediaHarness();
  let gateway: http.Server;
  let origin: URL;

  beforeAll(async () => {
    await h.start();
    gateway = createGateway({ targets: { 'svc-media': h.media.url, 'svc-auth': h.auth.url } });
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    origin = new URL(`http://127.0.0.1:${(gateway.address() as AddressInfo).port}`);
  }, 60_000);
  afterAll(async () => {
    gateway.closeAllConnections();
    await new Promise((resolve) => gateway.close(resolve));
    await h.stop();
  });

  /** A multipart body of `megabytes` MB of file bytes, written in 64 KiB chunks as a browser streams it. */
  function upload(megabytes: number): Promise<{ status: number; body: string } | { error: string }> {
    const boundary = '----vton-gateway-test';
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`);
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const chunk = Buffer.alloc(64 * 1024, 0xab);
    const chunks = (megabytes * 1024 * 1024) / chunk.length;
    return new Promise((resolve) => {
      const req = http.request(new URL('/api/models', origin), {
        method: 'POST',
        headers: {
          authorization: 'Bearer not-a-token',
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(head.length + chunks * chunk.length + tail.length),
        },
      });
      req.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
      req.on('response', (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (text: string) => (body += text));
        res.on('end', () => resolve({ status: res.statusCode!, body }));
        res.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
      });
      let written = 0;
      const write = () => {
        if (written === 0 && !req.write(head)) return void req.once('drain', write);
        while (written < chunks) {
          written += 1;
          if (!req.write(chunk)) return void req.once('drain', write);
        }
        req.end(tail);
      };
      write();
    });
  }

  it('answers svc-media\'s 401 to every one of several large uploads with a bad token', async () => {
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await upload(24));
    for (const answer of answers) {
      expect(answer).toEqual({ status: 401, body: expect.any(String) });
      expect(JSON.parse((answer as { body: string }).body)).toMatchObject({ statusCode: 401, code: 'UNAUTHORIZED' });
    }
  }, 120_000);
});
