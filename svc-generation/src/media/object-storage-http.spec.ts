import { stoppableObjectStorage } from '@vton/local-stack';
import { ErrorCode } from '@vton/contracts';
import { ApiException } from '@vton/service-kit';
import { randomBytes } from 'node:crypto';
import { MediaNotFoundError, MediaUnavailableError } from './media-errors.js';
import { ObjectStorageHttp } from './object-storage-http.js';
import { FakePeer } from './peer.fake.js';

/** A presigned URL's query, which grants access: no log line may hold it. */
const GRANT = 'X-Grant=do-not-log-me';

describe('object storage at presigned URLs (a worker’s reads and writes)', () => {
  const logged: string[] = [];
  const logger = { error: (message: unknown) => void logged.push(String(message)) };
  const objects = (over: { MEDIA_TIMEOUT_MS?: number; MEDIA_MAX_RESPONSE_BYTES?: number } = {}) =>
    new ObjectStorageHttp({ MEDIA_TIMEOUT_MS: 10_000, MEDIA_MAX_RESPONSE_BYTES: 1024 * 1024, ...over }, logger);
  // A PNG-sized body in three parts, larger than the socket buffers, so a stalled reader stops it mid-way.
  const parts = [randomBytes(33), randomBytes(4 * 1024 * 1024), randomBytes(4 * 1024 * 1024)];

  beforeEach(() => (logged.length = 0));
  afterEach(() => {
    for (const line of logged) expect(line).not.toContain(GRANT.split('=')[1]);
  });

  describe('a real S3 server', () => {
    const bucket = 'vton-object-storage-http';
    let s3: Awaited<ReturnType<typeof stoppableObjectStorage>>;
    beforeAll(async () => void (s3 = await stoppableObjectStorage({ bucket })), 60_000);
    afterAll(async () => s3?.dispose());

    it('a body written in parts is stored whole, under its Content-Type, and read back byte for byte', async () => {
      const url = `${s3.endpoint}/${bucket}/parts.png`;
      await objects({ MEDIA_MAX_RESPONSE_BYTES: 16 * 1024 * 1024 }).put(url, parts, 'image/png', 'writing a result');
      expect(Buffer.compare(await objects({ MEDIA_MAX_RESPONSE_BYTES: 16 * 1024 * 1024 }).get(url, 'the result'), Buffer.concat(parts))).toBe(0);
      expect((await fetch(url, { method: 'HEAD' })).headers.get('content-type')).toBe('image/png');
    });

    it('an object that is not there is a MediaNotFoundError naming it', async () => {
      await expect(objects().get(`${s3.endpoint}/${bucket}/nothing.png`, 'photo of model 7')).rejects.toEqual(new MediaNotFoundError('photo of model 7'));
    });

    it('an object over MEDIA_MAX_RESPONSE_BYTES is refused, not read', async () => {
      const url = `${s3.endpoint}/${bucket}/large.png`;
      await objects().put(url, [randomBytes(4096)], 'image/png', 'writing a result');
      const refused = objects({ MEDIA_MAX_RESPONSE_BYTES: 1024 }).get(url, 'mask of model 7');
      await expect(refused).rejects.toBeInstanceOf(ApiException);
      await expect(refused).rejects.not.toBeInstanceOf(MediaUnavailableError);
      await expect(refused).rejects.toMatchObject({ message: 'The object storage failed (response larger than 1 KB)', code: ErrorCode.SERVICE_UNAVAILABLE });
    });

    it('stopped, it is a MediaUnavailableError; started again, the same client writes to it', async () => {
      const client = objects();
      const url = `${s3.endpoint}/${bucket}/outage.png`;
      await client.put(url, [randomBytes(100)], 'image/png', 'writing a result');
      await s3.stop();
      try {
        await expect(client.put(url, parts, 'image/png', 'writing a result')).rejects.toEqual(new MediaUnavailableError('The object storage is not reachable'));
        expect(logged).toEqual([expect.stringMatching(/^Object storage unreachable writing a result: /)]);
      } finally {
        await s3.start();
      }
      await client.put(url, parts, 'image/png', 'writing a result');
    });
  });

  describe('a server that misbehaves', () => {
    let storage: FakePeer;
    let url: string;
    beforeEach(async () => {
      storage = await new FakePeer().start();
      url = `${storage.origin}/bucket/result.png?${GRANT}`;
    });
    afterEach(async () => storage.stop());

    /** The server reads the start of a PUT's body, then nothing more. */
    const stallAfterFirstChunk = () => {
      storage.handle = (req) => req.once('data', () => req.pause());
    };

    it('a PUT that stalls mid-body times out as a MediaUnavailableError, and its connection is closed', async () => {
      stallAfterFirstChunk();
      await expect(objects({ MEDIA_TIMEOUT_MS: 500 }).put(url, parts, 'image/png', 'writing a result')).rejects.toEqual(
        new MediaUnavailableError('The object storage is not reachable'),
      );
      storage.resume();
      await storage.closed[0];
      expect(storage.received[0]).toBeLessThan(8 * 1024 * 1024);
      expect(logged).toEqual([expect.stringMatching(/^Object storage unreachable writing a result: .*timeout/)]);
    });

    it('a PUT cancelled by the caller mid-body rejects with the caller’s reason, and its connection is closed', async () => {
      stallAfterFirstChunk();
      const cancel = new AbortController();
      const put = objects().put(url, parts, 'image/png', 'writing a result', cancel.signal);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const reason = new Error('the job was cancelled');
      cancel.abort(reason);
      await expect(put).rejects.toBe(reason);
      storage.resume();
      await storage.closed[0];
      expect(storage.received[0]).toBeLessThan(8 * 1024 * 1024);
      expect(logged).toEqual([]);
    });

    it('a PUT whose connection is dropped mid-body is a MediaUnavailableError', async () => {
      storage.handle = (req) => req.once('data', () => req.socket.destroy());
      await expect(objects().put(url, parts, 'image/png', 'writing a result')).rejects.toEqual(new MediaUnavailableError('The object storage is not reachable'));
    });

    it('a GET whose answer stalls times out as a MediaUnavailableError', async () => {
      storage.handle = (_req, res) => {
        res.writeHead(200, { 'content-length': '1000' });
        res.write(Buffer.alloc(10));
      };
      await expect(objects({ MEDIA_TIMEOUT_MS: 500 }).get(url, 'photo of model 7')).rejects.toEqual(new MediaUnavailableError('The object storage is not reachable'));
      expect(logged).toEqual([expect.stringMatching(/^Object storage unreachable reading photo of model 7: .*timeout/)]);
    });

    it('a GET answered without a Content-Length is abandoned as soon as it passes MEDIA_MAX_RESPONSE_BYTES', async () => {
      storage.handle = (_req, res) => {
        res.writeHead(200);
        // Until the client goes away: a write to the closed connection fails, and sending stops there.
        const send = () => res.write(Buffer.alloc(64 * 1024), (error) => !error && !res.destroyed && setImmediate(send));
        send();
      };
      await expect(objects({ MEDIA_MAX_RESPONSE_BYTES: 1024 * 1024 }).get(url, 'mask of model 7')).rejects.toMatchObject({
        message: 'The object storage failed (response larger than 1 MB)',
        code: ErrorCode.SERVICE_UNAVAILABLE,
      });
      await storage.closed[0];
      expect(logged).toEqual(['Object storage answered reading mask of model 7 with a response larger than 1 MB']);
    });

    it('a 5xx is a MediaUnavailableError, logged with the start of the answer but not the URL', async () => {
      storage.handle = (req, res) => req.resume().once('end', () => res.writeHead(503, { 'content-type': 'application/xml' }).end('<Error><Code>SlowDown</Code></Error>'));
      await expect(objects().put(url, parts, 'image/png', 'writing a result')).rejects.toEqual(new MediaUnavailableError('The object storage failed (503)'));
      expect(logged).toEqual(['Object storage answered 503 writing a result: <Error><Code>SlowDown</Code></Error>']);
    });
  });
});
