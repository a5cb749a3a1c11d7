import { loadConfig } from '@vton/service-kit';
import { randomBytes } from 'node:crypto';
import { MediaConfig } from '../config/media.config.js';
import { ObjectStorage } from './object-storage.service.js';

// Runs against the real S3-protocol server started by the jest global setup.
describe('ObjectStorage', () => {
  const storage = new ObjectStorage(loadConfig(MediaConfig, process.env));

  it('finds its bucket', async () => {
    await expect(storage.assertBucket()).resolves.toBeUndefined();
  });

  it('stores, reads and removes an object', async () => {
    const key = `test/${Date.now()}-hello.txt`;
    await storage.put(key, Buffer.from('hello'), 'text/plain');
    const chunks: Buffer[] = [];
    for await (const chunk of await storage.get(key)) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('hello');
    await storage.remove(key);
    await expect(storage.get(key)).rejects.toThrow();
  });

  describe('putStream', () => {
    /** `bytes` in 64 KB pieces, as a request body arrives; `failAt` stops the stream with an error there. */
    async function* pieces(bytes: Buffer, failAt = Infinity) {
      for (let at = 0; at < bytes.length; at += 64 * 1024) {
        if (at >= failAt) throw new Error('the sender went away');
        yield bytes.subarray(at, at + 64 * 1024);
      }
    }

    it.each([
      ['shorter than one part (one PUT)', 300 * 1024],
      ['of several parts (a multipart upload)', 12 * 1024 * 1024 + 5],
    ])('stores a stream %s byte for byte', async (_what, size) => {
      const key = `test/${Date.now()}-${size}.bin`;
      const bytes = randomBytes(size);
      await expect(storage.putStream(key, pieces(bytes), 'application/octet-stream')).resolves.toBe(size);
      expect((await storage.getBytes(key)).equals(bytes)).toBe(true);
      expect(await storage.stat(key)).toMatchObject({ size, contentType: 'application/octet-stream' });
      await storage.remove(key);
    });

    it.each([
      ['shorter than one part', 300 * 1024],
      ['of several parts', 12 * 1024 * 1024 + 5],
    ])('puts a head known only at its end before a stream %s', async (_what, size) => {
      const key = `test/${Date.now()}-head-${size}.bin`;
      const bytes = randomBytes(size);
      const head = Buffer.from('RIFF');
      let ended = false;
      async function* body() {
        yield* pieces(bytes);
        ended = true;
      }
      const headAtEnd = () => {
        expect(ended).toBe(true);
        return head;
      };
      await expect(storage.putStream(key, body(), 'application/octet-stream', headAtEnd)).resolves.toBe(size + 4);
      expect((await storage.getBytes(key)).equals(Buffer.concat([head, bytes]))).toBe(true);
      await storage.remove(key);
    });

    it.each([
      ['before the first part is full', 3 * 1024 * 1024],
      ['after parts went up', 11 * 1024 * 1024],
    ])('leaves no object when the stream fails %s', async (_what, failAt) => {
      const key = `test/${Date.now()}-failed.bin`;
      await expect(storage.putStream(key, pieces(randomBytes(12 * 1024 * 1024), failAt), 'application/octet-stream')).rejects.toThrow('the sender went away');
      expect(await storage.stat(key)).toBeNull();
    });
  });

  it('names the variables it needs when they are missing', () => {
    expect(() => loadConfig(MediaConfig, { DATABASE_URL: process.env.DATABASE_URL })).toThrow(
      'Invalid configuration: S3_ENDPOINT must be an http(s) URL; S3_ACCESS_KEY must be set; S3_SECRET_KEY must be set',
    );
  });
});
