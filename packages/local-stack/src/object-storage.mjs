import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import S3rver from 's3rver';

export const S3_ACCESS_KEY = 'S3RVER';
export const S3_SECRET_KEY = 'S3RVER';

/** s3rver answers 501 to `GET /<bucket>?uploads`, which the minio client sends before a
 * multipart or unknown-size upload; there are never open uploads to list, so say so. */
function answerListMultipartUploads(req, res) {
  const url = new URL(req.url, 'http://s3');
  const bucket = url.pathname.split('/').filter(Boolean)[0];
  if (req.method !== 'GET' || !url.searchParams.has('uploads') || url.pathname.split('/').filter(Boolean).length !== 1) return false;
  res.writeHead(200, { 'content-type': 'application/xml' });
  res.end(`<?xml version="1.0" encoding="UTF-8"?>\n<ListMultipartUploadsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Bucket>${bucket}</Bucket><KeyMarker></KeyMarker><UploadIdMarker></UploadIdMarker><NextKeyMarker></NextKeyMarker><NextUploadIdMarker></NextUploadIdMarker><MaxUploads>1000</MaxUploads><IsTruncated>false</IsTruncated></ListMultipartUploadsResult>`);
  return true;
}

/**
 * s3rver always installs koa-logger first, which formats (chalk, then winston) two lines for every
 * request even when `silent` only mutes their output (with keepBucketsInMemory, ~13 % of the server's
 * main-thread CPU in the sellers' replay: BENCHMARKS.md, issue 35). Taken out of the
 * middleware list before the app's handler is composed; the app's own `logger` (winston, silent)
 * stays for its warnings. The middleware is recognised by its source being koa-logger's (as
 * s3rver resolves it), so another s3rver that installs something else first fails here, loudly.
 * @param {S3rver} s3
 */
function withoutRequestLog(s3) {
  const koaLogger = createRequire(createRequire(import.meta.url).resolve('s3rver'))('koa-logger');
  const [first] = s3.middleware;
  if (typeof first !== 'function' || first.toString() !== koaLogger(() => {}).toString()) {
    throw new Error("s3rver's first middleware is no longer koa-logger: check object-storage.mjs against this s3rver version");
  }
  s3.middleware.shift();
}

/**
 * s3rver's store reads a bucket's CORS and website configurations from disk (usually an ENOENT) and
 * `stat`s the bucket's folder on every request (its cors and website middleware, its bucket check).
 * Kept in memory here, per bucket, and forgotten whenever they may change
 * through the store: a configuration put or deleted (before and after the write, so a read racing
 * the write is not kept), a bucket put or deleted, a reset. Objects' own subresources are untouched.
 * What is kept is a promise, so concurrent requests share one read; a failed read is not kept.
 * @param {any} store s3rver's FilesystemStore
 */
function keepBucketsInMemory(store) {
  const { getSubresource, putSubresource, deleteSubresource, getBucket, putBucket, deleteBucket, reset } = store;
  /** @type {Map<string, Map<string, Promise<unknown>>>} bucket → configuration type → its read */
  const configs = new Map();
  /** @type {Map<string, Promise<unknown>>} bucket → its read, kept only while it exists */
  const buckets = new Map();
  const forgetBucket = (/** @type {string} */ bucket) => {
    configs.delete(bucket);
    buckets.delete(bucket);
  };
  /** Keeps `read` under `key` in `map` unless it fails (or, with `keepEmpty` false, finds nothing). */
  const keep = (/** @type {Map<string, Promise<unknown>>} */ map, /** @type {string} */ key, /** @type {Promise<unknown>} */ read, keepEmpty = true) => {
    map.set(key, read);
    read.then(
      (found) => { if (!found && !keepEmpty && map.get(key) === read) map.delete(key); },
      () => { if (map.get(key) === read) map.delete(key); },
    );
    return read;
  };
  const changingConfig = async (/** @type {string} */ bucket, /** @type {string | undefined} */ key, /** @type {() => Promise<unknown>} */ change) => {
    if (key) return change();
    configs.delete(bucket);
    try {
      return await change();
    } finally {
      configs.delete(bucket);
    }
  };
  const changingBucket = async (/** @type {string} */ bucket, /** @type {() => Promise<unknown>} */ change) => {
    forgetBucket(bucket);
    try {
      return await change();
    } finally {
      forgetBucket(bucket);
    }
  };

  store.getSubresource = (/** @type {string} */ bucket, /** @type {string | undefined} */ key, /** @type {string} */ type) => {
    if (key) return getSubresource.call(store, bucket, key, type);
    let ofBucket = configs.get(bucket);
    if (!ofBucket) configs.set(bucket, (ofBucket = new Map()));
    return ofBucket.get(type) ?? keep(ofBucket, type, getSubresource.call(store, bucket, key, type));
  };
  store.putSubresource = (/** @type {string} */ bucket, /** @type {string | undefined} */ key, /** @type {{ type: string }} */ resource) =>
    changingConfig(bucket, key, () => putSubresource.call(store, bucket, key, resource));
  store.deleteSubresource = (/** @type {string} */ bucket, /** @type {string | undefined} */ key, /** @type {string} */ type) =>
    changingConfig(bucket, key, () => deleteSubresource.call(store, bucket, key, type));
  store.getBucket = (/** @type {string} */ bucket) => buckets.get(bucket) ?? keep(buckets, bucket, getBucket.call(store, bucket), false);
  store.putBucket = (/** @type {string} */ bucket) => changingBucket(bucket, () => putBucket.call(store, bucket));
  store.deleteBucket = (/** @type {string} */ bucket) => changingBucket(bucket, () => deleteBucket.call(store, bucket));
  store.reset = () => {
    configs.clear();
    buckets.clear();
    reset.call(store);
  };
}

/**
 * s3rver's putObject resolves when the body has gone through its MD5, not when the object's file is
 * written, so it can answer a PUT before the object is on disk and a GET right after it finds the file
 * still empty (seen in the replay under load: a 4 kB range read of a 20 kB object answered one byte).
 * The same work in order: the body through the MD5 into the file, the metadata once the file is whole.
 * Multipart uploads go through it too (s3rver's putObjectMultipart calls `this.putObject`).
 * @param {any} store s3rver's FilesystemStore
 */
function storeObjectsBeforeAnswering(store) {
  store.putObject = async (/** @type {{ bucket: string, key: string, content: Buffer | Readable, metadata: object }} */ object) => {
    const objectPath = store.getResourcePath(object.bucket, object.key, 'object');
    await fs.promises.mkdir(path.dirname(objectPath), { recursive: true });
    const hash = crypto.createHash('md5');
    let size = 0;
    await pipeline(
      Buffer.isBuffer(object.content) ? Readable.from([object.content]) : object.content,
      async function* measure(/** @type {AsyncIterable<Buffer>} */ chunks) {
        for await (const chunk of chunks) {
          hash.update(chunk);
          size += chunk.length;
          yield chunk;
        }
      },
      fs.createWriteStream(objectPath),
    );
    const md5 = hash.digest('hex');
    await store.putMetadata(object.bucket, object.key, object.metadata, md5);
    return { size, md5 };
  };
}

/** Starts an S3-protocol server (s3rver) keeping objects in `dataDir`, with `bucket` created. */
export async function startObjectStorage({ dataDir, port, bucket }) {
  fs.mkdirSync(dataDir, { recursive: true });
  const s3 = new S3rver({ directory: dataDir, silent: true, configureBuckets: [{ name: bucket }] });
  withoutRequestLog(s3);
  keepBucketsInMemory(s3.store);
  storeObjectsBeforeAnswering(s3.store);
  await s3.configureBuckets();
  const handle = s3.callback();
  const server = http.createServer((req, res) => { if (!answerListMultipartUploads(req, res)) handle(req, res); });
  await new Promise((resolve, reject) => { server.once('error', reject); server.listen(port, '127.0.0.1', () => resolve(undefined)); });
  return {
    endpoint: `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}`,
    stop: () => new Promise((resolve) => { server.closeAllConnections?.(); server.close(() => resolve()); }),
  };
}
