import fs from 'node:fs';
import http from 'node:http';
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

/** Starts an S3-protocol server (s3rver) keeping objects in `dataDir`, with `bucket` created. */
export async function startObjectStorage({ dataDir, port, bucket }) {
  fs.mkdirSync(dataDir, { recursive: true });
  const s3 = new S3rver({ directory: dataDir, silent: true, configureBuckets: [{ name: bucket }] });
  await s3.configureBuckets();
  const handle = s3.callback();
  const server = http.createServer((req, res) => { if (!answerListMultipartUploads(req, res)) handle(req, res); });
  await new Promise((resolve, reject) => { server.once('error', reject); server.listen(port, '127.0.0.1', () => resolve(undefined)); });
  return {
    endpoint: `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}`,
    stop: () => new Promise((resolve) => { server.closeAllConnections?.(); server.close(() => resolve()); }),
  };
}
