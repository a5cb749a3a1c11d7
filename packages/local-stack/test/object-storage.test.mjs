import { jest } from '@jest/globals';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { Client } from 'minio';
import { startObjectStorage, S3_ACCESS_KEY, S3_SECRET_KEY } from '../src/object-storage.mjs';

// The embedded object server as the stack starts it (issue 35: it keeps a bucket's configurations and
// existence in memory and skips s3rver's request log): what S3 clients and browsers see must not move.
jest.setTimeout(60_000);

const bucket = 'vton-media';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vton-object-storage-test-'));
/** @type {Awaited<ReturnType<typeof startObjectStorage>>} */
let storage;
/** @type {Client} */
let s3;

beforeAll(async () => {
  storage = await startObjectStorage({ dataDir, port: 0, bucket });
  const url = new URL(storage.endpoint);
  s3 = new Client({ endPoint: url.hostname, port: Number(url.port), useSSL: false, accessKey: S3_ACCESS_KEY, secretKey: S3_SECRET_KEY, region: 'us-east-1', pathStyle: true, partSize: 5 * 1024 * 1024 });
});
afterAll(async () => {
  await storage?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const md5 = (/** @type {Buffer} */ bytes) => crypto.createHash('md5').update(bytes).digest('hex');
const bytesOf = async (/** @type {Response} */ res) => Buffer.from(await res.arrayBuffer());

/** PUT ?cors on the bucket, signed by the minio client (it has no CORS call of its own). */
async function putBucketCors(/** @type {string} */ xml) {
  await s3.makeRequestAsyncOmit({ method: 'PUT', bucketName: bucket, query: 'cors' }, xml, [200]);
}
const corsRule = (/** @type {string} */ origin) => `<CORSConfiguration><CORSRule>
  <AllowedOrigin>${origin}</AllowedOrigin><AllowedMethod>GET</AllowedMethod><AllowedMethod>PUT</AllowedMethod>
  <AllowedHeader>content-type</AllowedHeader><ExposeHeader>ETag</ExposeHeader><MaxAgeSeconds>600</MaxAgeSeconds>
</CORSRule></CORSConfiguration>`;
const preflight = (/** @type {string} */ key, /** @type {string} */ origin) => fetch(`${storage.endpoint}/${bucket}/${key}`, {
  method: 'OPTIONS',
  headers: { origin, 'access-control-request-method': 'PUT', 'access-control-request-headers': 'content-type' },
});

test('objects come back whole, by range, with their MD5 as ETag (presigned, signed, multipart)', async () => {
  const photo = crypto.randomBytes(300_000);
  const put = await fetch(await s3.presignedPutObject(bucket, 'models/1/photo.png', 600), { method: 'PUT', body: photo });
  expect(put.status).toBe(200);
  expect(put.headers.get('etag')).toBe(`"${md5(photo)}"`);

  const whole = await fetch(await s3.presignedGetObject(bucket, 'models/1/photo.png', 600));
  expect(whole.status).toBe(200);
  expect(whole.headers.get('etag')).toBe(`"${md5(photo)}"`);
  expect((await bytesOf(whole)).equals(photo)).toBe(true);

  const range = await fetch(await s3.presignedGetObject(bucket, 'models/1/photo.png', 600), { headers: { range: 'bytes=0-4095' } });
  expect(range.status).toBe(206);
  expect(range.headers.get('content-range')).toBe(`bytes 0-4095/${photo.length}`);
  expect((await bytesOf(range)).equals(photo.subarray(0, 4096))).toBe(true);

  const thumbnail = crypto.randomBytes(20_000);
  await s3.putObject(bucket, 'results/1.thumb.png', Readable.from([thumbnail.subarray(0, 5000), thumbnail.subarray(5000)]), thumbnail.length);
  expect((await s3.statObject(bucket, 'results/1.thumb.png')).etag).toBe(md5(thumbnail));
  expect(Buffer.concat(await (await s3.getPartialObject(bucket, 'results/1.thumb.png', 16_000, 4000)).toArray()).equals(thumbnail.subarray(16_000))).toBe(true);

  // Over the part size, of unknown length: the minio client uploads it in parts.
  const result = crypto.randomBytes(6 * 1024 * 1024 + 1000);
  await s3.putObject(bucket, 'results/1.png', Readable.from([result.subarray(0, 3_000_000), result.subarray(3_000_000)]));
  expect(Buffer.concat(await (await s3.getObject(bucket, 'results/1.png')).toArray()).equals(result)).toBe(true);
  expect((await s3.statObject(bucket, 'results/1.png')).size).toBe(result.length);

  const missing = await fetch(await s3.presignedGetObject(bucket, 'models/2/photo.png', 600));
  expect(missing.status).toBe(404);
  expect(await missing.text()).toContain('<Code>NoSuchKey</Code>');
});

test("CORS answers as the bucket's configuration says, and a configuration changed through the S3 API holds from the next request", async () => {
  const studio = 'https://studio.example';
  await s3.putObject(bucket, 'cors/photo.png', crypto.randomBytes(1000));
  const get = async (/** @type {string} */ origin) => {
    const res = await fetch(await s3.presignedGetObject(bucket, 'cors/photo.png', 600), { headers: { origin } });
    expect(res.status).toBe(200);
    await res.arrayBuffer();
    return res.headers;
  };

  // No configuration yet (read, and kept, before the first is put).
  const before = await preflight('cors/photo.png', studio);
  expect(before.status).toBe(403);
  expect(await before.text()).toContain('CORS is not enabled for this bucket.');
  expect((await get(studio)).get('access-control-allow-origin')).toBeNull();

  await putBucketCors(corsRule(studio));
  const allowed = await preflight('cors/photo.png', studio);
  expect(allowed.status).toBe(200);
  expect(allowed.headers.get('access-control-allow-origin')).toBe('*');
  expect(allowed.headers.get('access-control-allow-methods')).toBe('GET, PUT');
  expect(allowed.headers.get('access-control-allow-headers')).toBe('content-type');
  const fromStudio = await get(studio);
  expect(fromStudio.get('access-control-allow-origin')).toBe(studio);
  expect(fromStudio.get('access-control-expose-headers')).toBe('ETag');
  expect(fromStudio.get('access-control-max-age')).toBe('600');
  expect((await get('https://elsewhere.example')).get('access-control-allow-origin')).toBeNull();

  await putBucketCors(corsRule('https://elsewhere.example'));
  expect((await preflight('cors/photo.png', studio)).status).toBe(403);
  expect((await get(studio)).get('access-control-allow-origin')).toBeNull();
  expect((await get('https://elsewhere.example')).get('access-control-allow-origin')).toBe('https://elsewhere.example');

  await s3.makeRequestAsyncOmit({ method: 'DELETE', bucketName: bucket, query: 'cors' }, '', [200, 204]);
  const after = await preflight('cors/photo.png', 'https://elsewhere.example');
  expect(after.status).toBe(403);
  expect(await after.text()).toContain('CORS is not enabled for this bucket.');
});

test('a bucket deleted and made again through the S3 API is seen at once, without its old configuration', async () => {
  await s3.makeBucket('scratch');
  await s3.makeRequestAsyncOmit({ method: 'PUT', bucketName: 'scratch', query: 'cors' }, corsRule('https://studio.example'), [200]);
  await s3.putObject('scratch', 'a.png', Buffer.from('a'));
  await s3.removeObject('scratch', 'a.png');
  await s3.removeBucket('scratch');
  expect(await s3.bucketExists('scratch')).toBe(false);
  await expect(s3.putObject('scratch', 'a.png', Buffer.from('a'))).rejects.toMatchObject({ code: 'NoSuchBucket' });

  await s3.makeBucket('scratch');
  expect(await s3.bucketExists('scratch')).toBe(true);
  await s3.putObject('scratch', 'a.png', Buffer.from('a'));
  const res = await fetch(`${storage.endpoint}/scratch/a.png`, { method: 'OPTIONS', headers: { origin: 'https://studio.example', 'access-control-request-method': 'GET' } });
  expect(res.status).toBe(403);
  expect(await res.text()).toContain('CORS is not enabled for this bucket.');
});

test('the server writes nothing per request (silent)', async () => {
  const stdout = jest.spyOn(process.stdout, 'write');
  const stderr = jest.spyOn(process.stderr, 'write');
  try {
    await s3.putObject(bucket, 'quiet.png', Buffer.from('quiet'));
    await (await fetch(await s3.presignedGetObject(bucket, 'quiet.png', 600))).arrayBuffer();
    await (await fetch(await s3.presignedGetObject(bucket, 'nowhere.png', 600))).arrayBuffer();
    await (await preflight('quiet.png', 'https://studio.example')).arrayBuffer();
    expect(stdout).not.toHaveBeenCalled();
    expect(stderr).not.toHaveBeenCalled();
  } finally {
    stdout.mockRestore();
    stderr.mockRestore();
  }
});
