import { randomUUID } from 'node:crypto';
import { checkBase64Image, fakePlacement, FakeRejection, FakeServer, retryAfterHeader, sendGarbage, sendJson, type FakeScenario, localFakeOf } from '../../../test/fakes/fake-server.js';

export type BflFake = FakeServer & {
  /** How long a Ready task's signed sample URL answers (BFL: 10 minutes). */
  sampleTtlMs: number;
  /** What each accepted task was asked: its images' sizes, width and height, the prompt. */
  readonly asked: { model: string; images: { field: string; width: number; height: number }[]; width: number; height: number; prompt: string; outputFormat: string }[];
};

const MODELS = new Set(['flux-2-pro', 'flux-2-max', 'flux-2-flex', 'flux-2-klein-4b', 'flux-2-klein-9b']);
const IMAGE_FIELDS = ['input_image', 'input_image_2', 'input_image_3', 'input_image_4', 'input_image_5', 'input_image_6', 'input_image_7', 'input_image_8'];
const KNOWN = new Set(['prompt', ...IMAGE_FIELDS, 'seed', 'width', 'height', 'safety_tolerance', 'output_format', 'webhook_url', 'webhook_secret', 'prompt_upsampling', 'guidance', 'steps']);
/** FastAPI's validation error (422), as BFL's API answers it. */
const unprocessable = (loc: string[], msg: string, type = 'value_error') => new FakeRejection(422, { detail: [{ loc: ['body', ...loc], msg, type }] });

/**
 * Black Forest Labs' FLUX.2 API as docs.bfl.ai describes it: POST /v1/{model} with the `x-key`
 * header and JSON (prompt; input_image … input_image_8 as base64 or URLs; width and height ≥ 64 in
 * multiples of 16, at most 4 MP; output_format jpeg|png) → {id, polling_url}; GET the polling URL
 * (x-key) → {id, status: Pending | Ready | Request Moderated | Content Moderated | Error |
 * Task not found, result: {sample}}. The sample is a signed URL that expires (here after
 * `sampleTtlMs`, then 403 as a signed URL does). Errors: 403 for a key that is not valid, 402 without
 * credits, 422 (FastAPI's `detail` list) for a bad body, 429 over the concurrency limit.
 */
export async function startBflFake(apiKey: string, port = 0): Promise<BflFake> {
  const asked: BflFake['asked'] = [];
  const tasks = new Map<string, { polls: number; scenario: FakeScenario; readyAt?: number; sample: Buffer }>();
  const fake: FakeServer = new FakeServer(async (req, res) => {
    const url = new URL(req.path, 'http://fake');
    const sample = /^\/samples\/([^/]+)\/sample\.png$/.exec(url.pathname);
    if (req.method === 'GET' && sample) {
      // A signed delivery URL: no key, and refused once it has expired.
      const task = tasks.get(sample[1]);
      if (!task?.readyAt || Date.now() - task.readyAt > state.sampleTtlMs || url.searchParams.get('sig') !== 'fake-signature') {
        res.writeHead(403, { 'content-type': 'application/xml' }).end('<?xml version="1.0" encoding="utf-8"?><Error><Code>AuthenticationFailed</Code><Message>Signed expiry time has passed.</Message></Error>');
        return;
      }
      res.writeHead(200, { 'content-type': 'image/png' }).end(task.sample);
      return;
    }
    const key = req.headers['x-key'];
    if (key !== apiKey) return sendJson(res, 403, { detail: 'Not authenticated - Invalid Authentication' });
    if (req.method === 'GET' && url.pathname === '/v1/get_result') {
      const task = tasks.get(url.searchParams.get('id') ?? '');
      if (!task) return sendJson(res, 200, { id: url.searchParams.get('id'), status: 'Task not found', result: null });
      task.polls++;
      const id = url.searchParams.get('id');
      if (task.scenario === 'garbage') return sendGarbage(res);
      if (task.scenario === 'refused') return sendJson(res, 200, { id, status: 'Content Moderated', result: null, details: { 'Moderation Reasons': ['Derivative Works Filter'] } });
      if ((task.scenario === 'queued' || task.scenario === 'slow') && (task.scenario === 'slow' || task.polls <= fake.queuedPolls)) {
        return sendJson(res, 200, { id, status: 'Pending', result: null, progress: Math.min(0.9, task.polls / 10) });
      }
      task.readyAt ??= Date.now();
      return sendJson(res, 200, { id, status: 'Ready', result: { sample: `${fake.url}/samples/${id}/sample.png?sig=fake-signature`, prompt: '', seed: 42, start_time: 0, end_time: 1, duration: 1 } });
    }
    const model = /^\/v1\/([a-z0-9.-]+)$/.exec(url.pathname)?.[1];
    if (req.method !== 'POST' || !model || !MODELS.has(model)) return sendJson(res, 404, { detail: 'Not Found' });
    const scenario = fake.takeScenario();
    if (scenario === 'unauthorized') return sendJson(res, 403, { detail: 'Not authenticated - Invalid Authentication' });
    if (scenario === 'rate-limited') {
      return sendJson(res, 429, { detail: 'You have exceeded the number of active tasks (24). Please wait for some tasks to finish.' }, retryAfterHeader(fake));
    }
    if (scenario === 'server-error') return sendJson(res, 500, { detail: 'Internal Server Error' });
    if (scenario === 'bad-request') return sendJson(res, 400, { detail: 'Could not decode input_image' });
    if (!/^application\/json/.test(req.headers['content-type'] ?? '')) throw unprocessable([], 'Input should be a valid dictionary or object to extract fields from', 'model_attributes_type');
    const request = await checkTask(model, req.body);
    asked.push(request);
    const id = randomUUID();
    tasks.set(id, { polls: 0, scenario, sample: await fakePlacement(request.width, request.height, request.outputFormat === 'png' ? 'png' : 'jpeg') });
    // BFL answers with a regional polling URL; here the fake's own.
    return sendJson(res, 200, { id, polling_url: `${fake.url}/v1/get_result?id=${id}`, cost: 3.0, input_mp: 1.0, output_mp: (request.width * request.height) / 1e6 });
  });
  await fake.start(port);
  const state = Object.assign(fake, { sampleTtlMs: 600_000, asked });
  return state;
}

async function checkTask(model: string, raw: Buffer) {
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(raw.toString('utf8'));
  } catch {
    throw unprocessable([], 'JSON decode error', 'json_invalid');
  }
  const unknown = Object.keys(body).filter((k) => !KNOWN.has(k));
  if (unknown.length) throw unprocessable([unknown[0]], 'Extra inputs are not permitted', 'extra_forbidden');
  if (typeof body.prompt !== 'string' || !body.prompt) throw unprocessable(['prompt'], 'Field required', 'missing');
  const images: { field: string; width: number; height: number }[] = [];
  for (const field of IMAGE_FIELDS) {
    if (body[field] === undefined || body[field] === null) continue;
    const image = await checkBase64Image(body[field], field, { dataUri: false, types: ['png', 'jpeg', 'webp'], maxBytes: 20 * 1024 * 1024 }).catch((e: Error) => {
      throw unprocessable([field], e.message);
    });
    images.push({ field, width: image.width, height: image.height });
  }
  const side = (name: 'width' | 'height') => {
    const value = body[name];
    if (!Number.isInteger(value) || (value as number) < 64) throw unprocessable([name], 'Input should be greater than or equal to 64', 'greater_than_equal');
    if ((value as number) % 16 !== 0) throw unprocessable([name], 'Value must be a multiple of 16');
    return value as number;
  };
  const width = side('width');
  const height = side('height');
  if (width * height > 4_194_304) throw unprocessable(['width'], 'width × height must be at most 4 megapixels');
  const outputFormat = (body.output_format as string | undefined) ?? 'jpeg';
  if (!['jpeg', 'png'].includes(outputFormat)) throw unprocessable(['output_format'], "Input should be 'jpeg' or 'png'", 'enum');
  return { model, images, width, height, prompt: body.prompt, outputFormat };
}

const LOCAL_KEY = 'fake-bfl-key';
/** `npm run fake-providers` runs this fake (test/fakes/serve.ts). */
export const localFake = localFakeOf('bfl', 'BFL', 4106, async (port) => {
  const fake = await startBflFake(LOCAL_KEY, port);
  return { fake, url: fake.url, tryWith: [`PLACEMENT_PROVIDER=bfl BFL_API_KEY=${LOCAL_KEY} BFL_API_URL=${fake.url} npm start`] };
});
