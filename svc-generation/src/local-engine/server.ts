import { BUILT_IN_ENGINE_HEADER, TARGET_IMAGE_SIZE, VTON_FIELDS } from '@vton/contracts';
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { composeTryOn, ENGINE_CATEGORIES, type EngineCategory } from './compositor.js';
import { boundaryOf, MultipartError, parseMultipart, type FormPart } from './multipart.js';

export const TRY_ON_PATH = '/v1/try-on';
export const HEALTH_PATH = '/healthz';
const MAX_BODY_BYTES = 40 * 1024 * 1024;

export interface EngineOptions {
  /** Artificial wait before answering, to imitate a slow remote VTON service (demos, benchmarks). */
  delayMs?: number;
  log?: (line: string) => void;
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The local compositor's HTTP server: spec §7's VTON contract (multipart prompt, width, height,
 * target_image, reference_image, mask_image → PNG bytes) on POST /v1/try-on, and GET /healthz.
 */
export function createEngineServer(options: EngineOptions = {}): http.Server {
  const log = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  return http.createServer((req, res) => {
    const started = performance.now();
    const path = (req.url ?? '/').split('?')[0];
    const done = (status: number) => log(JSON.stringify({ level: status >= 500 ? 50 : status >= 400 ? 40 : 30, msg: 'request completed', req: { method: req.method, url: path }, res: { statusCode: status }, ms: Math.round(performance.now() - started) }));

    if (path === HEALTH_PATH && (req.method === 'GET' || req.method === 'HEAD')) {
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
      return;
    }
    if (path !== TRY_ON_PATH) {
      sendError(res, 404, 'Not found');
      return done(404);
    }
    if (req.method !== 'POST') {
      res.setHeader('allow', 'POST');
      sendError(res, 405, 'Use POST');
      return done(405);
    }
    handleTryOn(req, options.delayMs ?? 0).then(
      (png) => {
        res.writeHead(200, { 'content-type': 'image/png', 'content-length': png.length, [BUILT_IN_ENGINE_HEADER.name]: BUILT_IN_ENGINE_HEADER.value }).end(png);
        done(200);
      },
      (error: Error) => {
        const status = error instanceof HttpError ? error.status : 500;
        if (status === 500) log(JSON.stringify({ level: 50, msg: 'try-on failed', err: { message: error.message } }));
        sendError(res, status, status === 500 ? 'The local compositor failed' : error.message);
        done(status);
      },
    );
  });
}

async function handleTryOn(req: http.IncomingMessage, delayMs: number): Promise<Buffer> {
  const boundary = boundaryOf(req.headers['content-type']);
  if (!boundary) throw new HttpError(415, 'Expected multipart/form-data');
  const body = await readBody(req);
  let parts: FormPart[];
  try {
    parts = parseMultipart(body, boundary);
  } catch (error) {
    throw new HttpError(400, (error as MultipartError).message);
  }
  const field = (name: string) => parts.find((p) => p.name === name);
  const file = (name: string) => {
    const part = field(name);
    if (!part || part.filename === undefined || part.data.length === 0) throw new HttpError(400, `Missing file ${name}`);
    return part.data;
  };
  const size = (name: string) => {
    const value = field(name)?.data.toString('utf8').trim();
    if (value === undefined) throw new HttpError(400, `Missing field ${name}`);
    if (value !== String(TARGET_IMAGE_SIZE)) throw new HttpError(400, `${name} must be ${TARGET_IMAGE_SIZE}`);
    return TARGET_IMAGE_SIZE;
  };
  if (!field(VTON_FIELDS.prompt)) throw new HttpError(400, `Missing field ${VTON_FIELDS.prompt}`);
  size(VTON_FIELDS.width);
  size(VTON_FIELDS.height);
  const target = file(VTON_FIELDS.targetImage.field);
  const reference = file(VTON_FIELDS.referenceImage.field);
  const mask = file(VTON_FIELDS.maskImage.field);
  const category = field(VTON_FIELDS.category)?.data.toString('utf8').trim() || undefined;
  if (category !== undefined && !ENGINE_CATEGORIES.includes(category)) throw new HttpError(400, `${VTON_FIELDS.category} must be one of ${ENGINE_CATEGORIES.join(', ')}`);
  // A remote service's answer takes its time whatever it computes: the composition runs during the
  // delay, and the answer leaves ENGINE_DELAY_MS after the request was read (or when ready, if later).
  const answerAt = Date.now() + delayMs;
  try {
    const image = await composeTryOn({ target, reference, mask, category: category as EngineCategory | undefined, size: { width: TARGET_IMAGE_SIZE, height: TARGET_IMAGE_SIZE } });
    const left = answerAt - Date.now();
    if (left > 0) await sleep(left);
    return image;
  } catch (error) {
    // sharp could not read one of the images: the caller sent something that is not a PNG/JPEG.
    if (/unsupported image format|Input buffer|corrupt|premature/i.test((error as Error).message)) {
      throw new HttpError(400, `An image could not be read: ${(error as Error).message}`);
    }
    throw error;
  }
}

function readBody(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new HttpError(413, 'Request body too large'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function sendError(res: http.ServerResponse, status: number, message: string): void {
  if (res.headersSent) return void res.end();
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ statusCode: status, message }));
}
