import path from 'node:path';
import fs from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { checkBase64Image, fakePlacement, FakeRejection, FakeServer, sendGarbage, sendJson, localFakeOf } from '../../../test/fakes/fake-server.js';
import { googleError, GoogleOAuthFake } from '../../../test/fakes/google-oauth.js';

export type GeminiFake = FakeServer & {
  /** The Vertex AI path's service account (its token_uri is this fake's /token). */
  credentialsFile: string;
  project: string;
  /** What each successful generateContent was asked: its images' sizes and its text. */
  readonly asked: { backend: 'gemini-api' | 'vertex'; model: string; images: { width: number; height: number }[]; text: string; aspectRatio?: string; imageSize?: string }[];
};

/** The aspect ratios and sizes Gemini's image models take (ImageConfig). */
const ASPECT_RATIOS = new Set(['1:1', '2:3', '3:2', '3:4', '4:3', '4:5', '5:4', '9:16', '16:9', '21:9']);
const IMAGE_SIZES: Record<string, number> = { '1K': 1024, '2K': 2048, '4K': 4096 };
/** Gemini takes up to 14 reference images in one request. */
const MAX_IMAGES = 14;

/**
 * Google's generateContent for the Gemini image models, on both of its paths (ai.google.dev's API
 * reference and Vertex AI's): the Gemini API at POST /v1/models/{model}:generateContent with the
 * `x-goog-api-key` header, and Vertex AI at POST /v1beta1/projects/{p}/locations/{l}/publishers/
 * google/models/{model}:generateContent with an OAuth access token from Google's token endpoint
 * (GoogleOAuthFake). It checks the key or token, the contents (inline images of an accepted type,
 * a text part) and generationConfig (responseModalities with IMAGE, imageConfig.aspectRatio and
 * imageSize from the documented lists); errors are google.rpc.Status, a 429 carries RetryInfo; a
 * safety refusal is a 200 whose candidate has finishReason IMAGE_SAFETY and no image. The answer is
 * an image in the asked aspect ratio and size.
 */
export async function startGeminiFake(apiKey: string, options: { port?: number; credentialsDir?: string } = {}): Promise<GeminiFake> {
  const oauth = new GoogleOAuthFake();
  const asked: GeminiFake['asked'] = [];
  const fake: FakeServer = new FakeServer(async (req, res) => {
    if (oauth.handle(req, res)) return;
    const geminiApi = /^\/v1(?:beta)?\/models\/([^/:]+):generateContent$/.exec(req.path);
    const vertex = /^\/v1(?:beta1)?\/projects\/([^/]+)\/locations\/([^/]+)\/publishers\/google\/models\/([^/:]+):generateContent$/.exec(req.path);
    if (!geminiApi && !vertex) return sendJson(res, 404, googleError(404, 'NOT_FOUND', `The requested URL ${req.path} was not found on this server.`));
    if (req.method !== 'POST') return sendJson(res, 405, googleError(405, 'METHOD_NOT_ALLOWED', 'Method not allowed'));
    const scenario = fake.takeScenario();
    if (geminiApi) {
      const key = req.headers['x-goog-api-key'];
      if (!key) return sendJson(res, 403, googleError(403, 'PERMISSION_DENIED', 'Method doesn\'t allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.'));
      if (key !== apiKey) return sendJson(res, 400, googleError(400, 'INVALID_ARGUMENT', 'API key not valid. Please pass a valid API key.'));
    } else if (!oauth.bearerIsValid(req.headers.authorization)) {
      return sendJson(res, 401, googleError(401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.'));
    } else if (decodeURIComponent(vertex![1]) !== oauth.project) {
      return sendJson(res, 403, googleError(403, 'PERMISSION_DENIED', `Permission denied on resource project ${vertex![1]}.`));
    }
    const model = decodeURIComponent((geminiApi?.[1] ?? vertex![3])!);
    if (scenario === 'unauthorized') {
      return sendJson(res, 401, googleError(401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.'));
    }
    if (scenario === 'rate-limited') {
      // Google says how long to wait in the body (google.rpc.RetryInfo, a protobuf Duration such as "45.837906927s"), never in a
      // Retry-After header; a quota error may carry no RetryInfo at all (retryAfterSeconds null).
      const retryInfo = fake.retryAfterSeconds === null ? undefined : [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: `${fake.retryAfterSeconds}s` }];
      return sendJson(
        res,
        429,
        googleError(429, 'RESOURCE_EXHAUSTED', `Resource has been exhausted (e.g. check quota). Quota exceeded for metric: generate_content_requests, model: ${model}`, retryInfo),
      );
    }
    if (scenario === 'server-error') return sendJson(res, 500, googleError(500, 'INTERNAL', 'An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting'));
    if (scenario === 'bad-request') return sendJson(res, 400, googleError(400, 'INVALID_ARGUMENT', 'Unable to process input image. Please retry or report in https://developers.generativeai.google/guide/troubleshooting'));
    if (scenario === 'slow') return fake.hold(res);
    if (!/^application\/json/.test(req.headers['content-type'] ?? '')) throw new FakeRejection(400, googleError(400, 'INVALID_ARGUMENT', 'Invalid JSON payload received: the body must be application/json.'));
    const request = await checkGenerateContent(req.body);
    asked.push({ backend: geminiApi ? 'gemini-api' : 'vertex', model, ...request });
    if (scenario === 'queued') await sleep(150);
    if (scenario === 'garbage') return sendGarbage(res);
    if (scenario === 'refused') {
      return sendJson(res, 200, { candidates: [{ finishReason: 'IMAGE_SAFETY', index: 0 }], modelVersion: model, responseId: 'fake-refused' });
    }
    const [w, h] = (request.aspectRatio ?? '1:1').split(':').map(Number);
    const side = IMAGE_SIZES[request.imageSize ?? '1K'];
    const scale = side / Math.max(w, h);
    const image = await fakePlacement(Math.round(w * scale), Math.round(h * scale));
    return sendJson(res, 200, {
      candidates: [{ content: { role: 'model', parts: [{ inlineData: { mimeType: 'image/png', data: image.toString('base64') } }] }, finishReason: 'STOP', index: 0 }],
      usageMetadata: { promptTokenCount: 1290, candidatesTokenCount: 1120, totalTokenCount: 2410 },
      modelVersion: model,
      responseId: 'fake-response',
    });
  });
  await fake.start(options.port ?? 0);
  const { dir, credentialsFile } = oauth.writeCredentials(`${fake.url}/token`, options.credentialsDir);
  const state = Object.assign(fake, { credentialsFile, project: oauth.project, asked });
  const close = fake.close.bind(fake);
  state.close = async () => {
    await close();
    if (!options.credentialsDir) fs.rmSync(dir, { recursive: true, force: true });
  };
  return state;
}

/** The generateContent body as the API reference defines it; anything else is 400 INVALID_ARGUMENT. */
async function checkGenerateContent(raw: Buffer) {
  const invalid = (message: string) => new FakeRejection(400, googleError(400, 'INVALID_ARGUMENT', message));
  let body: { contents?: { role?: string; parts?: Record<string, unknown>[] }[]; generationConfig?: Record<string, unknown> };
  try {
    body = JSON.parse(raw.toString('utf8'));
  } catch {
    throw invalid('Invalid JSON payload received.');
  }
  if (!Array.isArray(body.contents) || body.contents.length === 0) throw invalid('* GenerateContentRequest.contents: contents is not specified');
  const parts = body.contents.flatMap((content) => {
    if (content.role !== undefined && content.role !== 'user' && content.role !== 'model') throw invalid(`Please use a valid role: user, model.`);
    if (!Array.isArray(content.parts) || content.parts.length === 0) throw invalid('* GenerateContentRequest.contents.parts: contents.parts must not be empty.');
    return content.parts;
  });
  const images: { width: number; height: number }[] = [];
  const texts: string[] = [];
  for (const [i, part] of parts.entries()) {
    const inline = part.inlineData as { mimeType?: string; data?: unknown } | undefined;
    if (inline) {
      if (!['image/png', 'image/jpeg', 'image/webp'].includes(inline.mimeType ?? '')) throw invalid(`Unsupported MIME type: ${inline.mimeType}`);
      const image = await checkBase64Image(inline.data, `contents.parts[${i}].inlineData.data`, { dataUri: false, types: ['png', 'jpeg', 'webp'] }).catch((e: Error) => {
        throw invalid(e.message);
      });
      // The MIME type tells the model how to read the bytes: one that names another format is an image it cannot process.
      if (inline.mimeType !== `image/${image.format}`) throw invalid('Unable to process input image. Please retry or report in https://developers.generativeai.google/guide/troubleshooting');
      images.push({ width: image.width, height: image.height });
    } else if (typeof part.text === 'string') {
      texts.push(part.text);
    } else {
      throw invalid(`Invalid JSON payload received. Unknown part at contents.parts[${i}]`);
    }
  }
  if (images.length > MAX_IMAGES) throw invalid(`At most ${MAX_IMAGES} images are supported per request.`);
  const config = body.generationConfig ?? {};
  const modalities = config.responseModalities as unknown;
  if (!Array.isArray(modalities) || !modalities.every((m) => m === 'IMAGE' || m === 'TEXT') || !modalities.includes('IMAGE')) {
    throw invalid('generationConfig.responseModalities must include IMAGE for an image model');
  }
  const imageConfig = (config.imageConfig ?? {}) as { aspectRatio?: string; imageSize?: string };
  if (imageConfig.aspectRatio !== undefined && !ASPECT_RATIOS.has(imageConfig.aspectRatio)) throw invalid(`Unsupported aspect ratio: ${imageConfig.aspectRatio}`);
  if (imageConfig.imageSize !== undefined && !(imageConfig.imageSize in IMAGE_SIZES)) throw invalid(`Unsupported image size: ${imageConfig.imageSize}`);
  return { images, text: texts.join('\n'), aspectRatio: imageConfig.aspectRatio, imageSize: imageConfig.imageSize };
}

const LOCAL_KEY = 'fake-gemini-key';
/** `npm run fake-providers` runs this fake (test/fakes/serve.ts). */
export const localFake = localFakeOf('gemini', 'Gemini', 4104, async (port, credentialsDir) => {
  const fake = await startGeminiFake(LOCAL_KEY, { port, credentialsDir: path.join(credentialsDir, 'gemini') });
  return { fake, url: fake.url, note: `(Gemini API and Vertex AI paths; OAuth token endpoint ${fake.url}/token)`, tryWith: [`PLACEMENT_PROVIDER=gemini GEMINI_API_KEY=${LOCAL_KEY} GEMINI_API_URL=${fake.url} npm start`] };
});
