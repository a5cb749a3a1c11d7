import { loadConfig } from '@vton/service-kit';
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

  it('names the variables it needs when they are missing', () => {
    expect(() => loadConfig(MediaConfig, { DATABASE_URL: process.env.DATABASE_URL })).toThrow(
      'Invalid configuration: S3_ENDPOINT must be an http(s) URL; S3_ACCESS_KEY must be set; S3_SECRET_KEY must be set',
    );
  });
});
