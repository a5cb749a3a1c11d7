import { ErrorCode } from '@vton/contracts';
import { ApiException } from '@vton/service-kit';
import type { Readable } from 'node:stream';
import { MediaNotFoundError, MediaUnavailableError } from './media-errors.js';
import { MediaHttp, withRequestId } from './media-http.js';
import { bodyOf, FakePeer } from './peer.fake.js';

const json = (value: unknown) => JSON.stringify(value);

describe('svc-media over HTTP (the API’s and the workers’ calls)', () => {
  const logged: string[] = [];
  const logger = { error: (message: unknown) => void logged.push(String(message)) };
  let media: FakePeer;
  const client = ({ timeoutMs = 10_000, MEDIA_MAX_RESPONSE_BYTES = 1024 * 1024 }: { timeoutMs?: number; MEDIA_MAX_RESPONSE_BYTES?: number } = {}) =>
    new MediaHttp({ MEDIA_SERVICE_URL: media.origin, MEDIA_MAX_RESPONSE_BYTES }, timeoutMs, logger);
  const credential = withRequestId({ authorization: 'Bearer service-credential' }, 'req-42');

  beforeEach(async () => {
    logged.length = 0;
    media = await new FakePeer().start();
  });
  afterEach(async () => media.stop());

  /** svc-media answers JSON with this status. */
  const answering = (status: number, body: unknown) => {
    media.handle = (req, res) => req.resume().once('end', () => res.writeHead(status, { 'content-type': 'application/json' }).end(json(body)));
  };

  it('a GET answers svc-media’s JSON; the credential and the request id are sent, and one connection serves the calls that follow', async () => {
    answering(200, [{ id: 7, filename: 'model.png' }]);
    const http = client();
    expect(await http.json('/api/models', credential)).toEqual([{ id: 7, filename: 'model.png' }]);
    // undici hands the connection back to its pool a turn after the answer ends.
    await new Promise((resolve) => setImmediate(resolve));
    expect(await http.json('/api/models', credential)).toEqual([{ id: 7, filename: 'model.png' }]);
    expect(media.requests.map((r) => [r.method, r.url, r.headers.authorization, r.headers['x-request-id']])).toEqual([
      ['GET', '/api/models', 'Bearer service-credential', 'req-42'],
      ['GET', '/api/models', 'Bearer service-credential', 'req-42'],
    ]);
    expect(media.requests[1].socket.remotePort).toBe(media.requests[0].socket.remotePort);
  });

  it('a POST sends its body as JSON and answers svc-media’s JSON', async () => {
    let received: { contentType?: string; length?: string; body: string } | undefined;
    media.handle = (req, res) =>
      void bodyOf(req).then((body) => {
        received = { contentType: req.headers['content-type'], length: req.headers['content-length'], body };
        res.writeHead(200, { 'content-type': 'application/json' }).end(json({ id: 9 }));
      });
    const sent = { idempotencyKey: 'job-1:7:1', prompt: 'linen shirt – “natural”' };
    expect(await client().postJson('/internal/media/try-on-results/uploads', sent, credential)).toEqual({ id: 9 });
    expect(received).toEqual({ contentType: 'application/json', length: String(Buffer.byteLength(json(sent))), body: json(sent) });
    expect(media.requests[0]).toMatchObject({ method: 'POST', url: '/internal/media/try-on-results/uploads', headers: expect.objectContaining({ 'x-request-id': 'req-42' }) });
  });

  it('404 is a MediaNotFoundError, logged by no one here', async () => {
    answering(404, { code: 'NOT_FOUND', message: 'Garment not found' });
    await expect(client().json('/api/garments/5', credential)).rejects.toEqual(new MediaNotFoundError('/api/garments/5'));
    expect(logged).toEqual([]);
  });

  it('401 is the caller’s: Authentication required', async () => {
    answering(401, { code: 'UNAUTHORIZED', message: 'Token expired' });
    await expect(client().json('/api/models', credential)).rejects.toEqual(new ApiException(401, ErrorCode.UNAUTHORIZED, 'Authentication required'));
  });

  it('a 5xx is a MediaUnavailableError, logged with the start of the answer', async () => {
    answering(502, { message: 'object storage down' });
    await expect(client().postJson('/internal/media/try-on-results/uploads/3', { grant: 'g' }, credential)).rejects.toEqual(
      new MediaUnavailableError('The media service failed (502)'),
    );
    expect(logged).toEqual(['svc-media answered 502 on POST /internal/media/try-on-results/uploads/3: {"message":"object storage down"}']);
  });

  it('another 4xx is a 503 that is not worth asking again, and says what svc-media answered', async () => {
    answering(400, { message: 'grant expired' });
    const refused = client().postJson('/internal/media/try-on-results/uploads/3', { grant: 'g' }, credential);
    await expect(refused).rejects.toMatchObject({ status: 503, code: ErrorCode.SERVICE_UNAVAILABLE, message: 'The media service failed (400): {"message":"grant expired"}' });
    await expect(refused).rejects.not.toBeInstanceOf(MediaUnavailableError);
  });

  it('no answer within the client’s timeout is a MediaUnavailableError, and the connection is closed', async () => {
    media.handle = () => undefined;
    await expect(client({ timeoutMs: 300 }).json('/api/models', credential)).rejects.toEqual(new MediaUnavailableError('The media service is not reachable'));
    await media.closed[0];
    expect(logged).toEqual([expect.stringMatching(/^svc-media unreachable on GET \/api\/models: .*timeout/)]);
  });

  it('a call’s own timeout is used instead of the client’s timeout, and it covers the answer’s body', async () => {
    media.handle = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      res.write('{"images":[');
    };
    await expect(client({ timeoutMs: 60_000 }).json('/api/generated-images/4', credential, 300)).rejects.toEqual(
      new MediaUnavailableError('The media service is not reachable'),
    );
    expect(logged).toEqual([expect.stringMatching(/^svc-media unreachable on GET \/api\/generated-images\/4: .*timeout/)]);
  });

  it('the caller’s signal aborting rejects with its reason, unlogged, and the connection is closed', async () => {
    media.handle = () => undefined;
    const reader = new AbortController();
    const call = client().json('/api/generated-images/4', credential, undefined, reader.signal);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const reason = new Error('the reader went away');
    reader.abort(reason);
    await expect(call).rejects.toBe(reason);
    await media.closed[0];
    expect(logged).toEqual([]);
  });

  it('an answer declared over MEDIA_MAX_RESPONSE_BYTES is refused, not read, and its connection closed at once', async () => {
    media.handle = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(64 * 1024 * 1024) });
      // Until the client goes away (a write to the closed connection fails): only closing it stops this.
      const send = () => res.write(Buffer.alloc(64 * 1024, ' '), (error) => !error && !res.destroyed && setImmediate(send));
      send();
    };
    const refused = client({ MEDIA_MAX_RESPONSE_BYTES: 1024, timeoutMs: 60_000 }).json('/api/garments/5', credential);
    await expect(refused).rejects.toMatchObject({ status: 503, code: ErrorCode.SERVICE_UNAVAILABLE, message: 'The media service failed (response larger than 1 KB)' });
    await expect(refused).rejects.not.toBeInstanceOf(MediaUnavailableError);
    expect(logged).toEqual(['svc-media answered on GET /api/garments/5 with a response larger than 1 KB']);
    await media.closed[0];
  });

  it('an answer without a Content-Length is abandoned as soon as it passes MEDIA_MAX_RESPONSE_BYTES', async () => {
    media.handle = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      // Until the client goes away: a write to the closed connection fails, and sending stops there.
      const send = () => res.write(Buffer.alloc(64 * 1024, ' '), (error) => !error && !res.destroyed && setImmediate(send));
      send();
    };
    await expect(client({ MEDIA_MAX_RESPONSE_BYTES: 1024 * 1024 }).json('/api/models', credential)).rejects.toMatchObject({
      message: 'The media service failed (response larger than 1 MB)',
    });
    await media.closed[0];
  });

  it('svc-media not listening is a MediaUnavailableError', async () => {
    const http = client();
    await media.stop();
    await expect(http.json('/api/models', credential)).rejects.toEqual(new MediaUnavailableError('The media service is not reachable'));
    expect(logged).toEqual([expect.stringMatching(/^svc-media unreachable on GET \/api\/models: /)]);
  });

  describe('files', () => {
    it('a redirect answers where the file is, without following it', async () => {
      media.handle = (_req, res) => res.writeHead(307, { location: 'http://objects.invalid/media/garments/5-cropped.png?X-Amz-Signature=abc' }).end();
      expect(await client().file('/internal/media/garments/5/files/cropped', credential)).toEqual(new URL('http://objects.invalid/media/garments/5-cropped.png?X-Amz-Signature=abc'));
      expect(media.requests).toHaveLength(1);
    });

    it('bytes answered by svc-media itself are the file', async () => {
      media.handle = (_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
      expect(await client().file('/internal/media/garments/5/files/cropped', credential)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    });

    it('a signed file is a stream, which may take longer than the client’s timeout once it is answered', async () => {
      media.handle = (_req, res) => {
        res.writeHead(200, { 'content-type': 'image/png' });
        res.write('first half, ');
        setTimeout(() => res.end('second half'), 600);
      };
      const stream = await client({ timeoutMs: 300 }).stream('/api/media/files/1/result.png?exp=1&sig=abc');
      expect(await textOf(stream)).toBe('first half, second half');
      expect(media.requests[0].url).toBe('/api/media/files/1/result.png?exp=1&sig=abc');
    });

    it('a signed file not answered within the client’s timeout is a MediaUnavailableError; one that is gone a MediaNotFoundError', async () => {
      media.handle = () => undefined;
      await expect(client({ timeoutMs: 300 }).stream('/api/media/files/1/result.png?exp=1&sig=abc')).rejects.toEqual(
        new MediaUnavailableError('The media service is not reachable'),
      );
      expect(logged).toEqual(['svc-media unreachable on GET /api/media/files/1/result.png?exp=1&sig=[REDACTED]: svc-media did not answer in time']);
      answering(404, { message: 'Image not found' });
      await expect(client().stream('/api/media/files/2/result.png?exp=1&sig=abc')).rejects.toBeInstanceOf(MediaNotFoundError);
    });
  });
});

async function textOf(stream: Readable): Promise<string> {
  let text = '';
  for await (const chunk of stream) text += String(chunk);
  return text;
}
