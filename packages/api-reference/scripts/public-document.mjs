// Builds the one OpenAPI 3.1 document of the public API from the three services' own documents
// (each made from the running code's decorators) and JSON Schemas generated from the
// @vton/contracts types the services answer with. `npm run generate` writes it to openapi.json;
// the test fails when the committed file differs from what the code makes.
import { createGenerator } from 'ts-json-schema-generator';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';

export const PACKAGE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const REPO_ROOT = path.resolve(PACKAGE_DIR, '../..');
export const DOCUMENT_FILE = path.join(PACKAGE_DIR, 'openapi.json');

const SERVICES = [
  { dir: 'svc-auth', definition: 'authService' },
  { dir: 'svc-media', definition: 'mediaService' },
  { dir: 'svc-generation', definition: 'generationService' },
];

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/** In the order the reference shows them, with what each section is about. */
const TAGS = [
  { name: 'Garments', description: 'Your product library: upload a garment or product photo with its category, crop it to a square, rename it, list and delete.' },
  { name: 'Model photos', description: 'The people to dress: upload their photos, then send a mask of where the garment goes on each.' },
  { name: 'Try-on jobs', description: 'Start a try-on for every ready model photo and follow it: poll, stream its events, or get a webhook.' },
  { name: 'Try-on', description: 'The same try-on in one call that waits for every result.' },
  { name: 'Catalogue runs', description: 'Many products on many model photos in one go: a grid of cells, each a queued try-on; retry, cancel, and download everything as one ZIP.' },
  { name: 'Gallery', description: 'Saved results.' },
  { name: 'Files', description: 'Image downloads: the URLs in the records lead here and carry their own permission.' },
  { name: 'Webhooks', description: 'Events the studio sends to your endpoints (set them up on the API keys page).' },
];

const WEBHOOKS = [
  { type: 'job.completed', schema: 'JobWebhookEvent', summary: 'A try-on job finished with at least one result' },
  { type: 'job.failed', schema: 'JobWebhookEvent', summary: 'A try-on job finished without any result' },
  { type: 'model.succeeded', schema: 'ModelWebhookEvent', summary: 'One model photo of a job has its result' },
  { type: 'model.failed', schema: 'ModelWebhookEvent', summary: 'One model photo of a job failed' },
  { type: 'run.completed', schema: 'RunWebhookEvent', summary: 'A catalogue run has no cell left to run (with its counts)' },
  { type: 'webhook.test', schema: 'TestWebhookEvent', summary: 'The event "Send test event" sends' },
];

const DESCRIPTION = `The API behind the studio: everything the browser does with your garments, model photos, try-ons and gallery, your own code can do too.

**Authentication.** Create a personal API key on the [API keys page](/account/api-keys) and send it as \`Authorization: Bearer vtk_…\`. A key has scopes: \`try-on\` (garments, model photos, masks, jobs, catalogue runs), \`gallery:read\` and \`gallery:write\`; each operation names the scopes that may call it, and a key without one gets 403. Keys cannot manage keys, webhooks or the account.

**Rate limit.** Each key may make a fixed number of requests per minute (60 unless your plan says otherwise). Every answer carries \`RateLimit\` and \`RateLimit-Policy\`; over the limit the answer is 429 with \`Retry-After\`.

**Errors.** Every error answer has the same JSON shape (\`ApiErrorBody\`): \`statusCode\`, a stable \`code\`, a readable \`message\`, and for a 400 the field \`issues\`. A 503 means a service is briefly unavailable: retry after \`Retry-After\` seconds. A 504 (\`GATEWAY_TIMEOUT\`) means a service did not begin answering in time: try again in a moment.

**Webhooks.** Register up to 5 HTTPS endpoints on the API keys page. Each delivery is signed the Standard Webhooks way (\`webhook-id\`, \`webhook-timestamp\`, \`webhook-signature\`) with the endpoint's \`whsec_\` secret, and retried with exponential backoff for up to 24 hours until your endpoint answers 2xx.`;

/** Each service's own (completed) OpenAPI document, made from its built code without starting it. */
export async function serviceDocuments() {
  const kit = await import('@vton/service-kit');
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'vton-openapi-'));
  // Enough configuration to build each app; nothing is connected or listened on.
  const env = {
    DATABASE_URL: 'postgres://openapi:openapi@127.0.0.1:9/openapi',
    JWT_KEY_FILE: path.join(tmp, 'jwt.pem'),
    S3_ENDPOINT: 'http://127.0.0.1:9',
    S3_ACCESS_KEY: 'openapi',
    S3_SECRET_KEY: 'openapi',
    MEDIA_URL_SIGNING_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
    MIGRATIONS_RUN: 'false',
  };
  const documents = {};
  try {
    for (const { dir, definition } of SERVICES) {
      const module = await import(path.join(REPO_ROOT, dir, 'dist/app.module.js'));
      const service = module[definition];
      const { app } = await kit.createServiceApp(service, { env });
      documents[dir] = kit.serviceOpenApiDocument(app, service.app, service.title);
      await app.close();
    }
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  return documents;
}

/** JSON Schemas of the named @vton/contracts types (and every type they use), as OpenAPI components. */
export function contractSchemas(names) {
  const generator = createGenerator({
    path: path.join(REPO_ROOT, 'packages/contracts/src/index.ts'),
    tsconfig: path.join(REPO_ROOT, 'packages/contracts/tsconfig.json'),
    expose: 'export',
    topRef: true,
    jsDoc: 'extended',
    skipTypeCheck: true,
    additionalProperties: true,
  });
  const schemas = {};
  for (const name of names) Object.assign(schemas, generator.createSchema(name).definitions);
  return JSON.parse(JSON.stringify(schemas).replaceAll('"#/definitions/', '"#/components/schemas/'));
}

/** The merged document: the operations an API key (or a signed URL) may call, nothing else. */
export function publicDocument(serviceDocs) {
  const documents = structuredClone(serviceDocs);
  const paths = {};
  const resultTypes = new Set(['ApiErrorBody', ...WEBHOOKS.map((w) => w.schema)]);
  const dtoSchemas = {};
  // What the services share (error shape, security schemes, the 401/403/429/503 answers).
  const shared = { schemas: {}, securitySchemes: {}, responses: {}, headers: {} };
  for (const doc of Object.values(documents)) {
    for (const kind of Object.keys(shared)) Object.assign(shared[kind], doc.components[kind]);
    for (const [route, item] of Object.entries(doc.paths)) {
      for (const method of HTTP_METHODS) {
        const op = item[method];
        if (!op) continue;
        const scopes = op['x-api-key-scopes'];
        if (!scopes && !op['x-public-api']) continue;
        const result = op['x-result'];
        const clean = Object.fromEntries(Object.entries(op).filter(([key]) => !key.startsWith('x-')));
        clean.security = scopes ? [{ apiKey: scopes }] : [];
        if (result) {
          const response = clean.responses[String(result.status)];
          if (result.type) {
            resultTypes.add(result.type);
            const ref = { $ref: `#/components/schemas/${result.type}` };
            response.content = { 'application/json': { schema: result.list ? { type: 'array', items: ref } : ref } };
          } else if (result.mediaType) {
            const schema = result.mediaType === 'text/event-stream' ? { type: 'string' } : { type: 'string', format: 'binary' };
            response.content = { [result.mediaType]: { schema } };
          }
        }
        // The request bodies' schemas, and the schemas those refer to (a DTO nested in another).
        const pending = [clean];
        while (pending.length) {
          for (const ref of JSON.stringify(pending.pop()).matchAll(/"#\/components\/schemas\/([^"]+)"/g)) {
            const schema = doc.components.schemas?.[ref[1]];
            if (!schema || ref[1] === 'ApiErrorBody' || dtoSchemas[ref[1]]) continue;
            dtoSchemas[ref[1]] = schema;
            pending.push(schema);
          }
        }
        (paths[route] ??= {})[method] = clean;
      }
    }
  }
  const schemas = { ...contractSchemas([...resultTypes].filter((t) => t !== 'ApiErrorBody')), ...dtoSchemas, ApiErrorBody: shared.schemas.ApiErrorBody };
  const document = {
    openapi: '3.1.0',
    info: { title: 'VTON Studio API', version: '1.0', description: DESCRIPTION, license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' } },
    servers: [{ url: '/', description: "The studio's own address (the same origin as the web app)" }],
    tags: TAGS,
    paths: sortKeys(paths),
    webhooks: Object.fromEntries(WEBHOOKS.map((w) => [w.type, { post: webhookOperation(w) }])),
    components: {
      securitySchemes: { apiKey: shared.securitySchemes.apiKey },
      schemas: sortKeys(schemas),
      responses: shared.responses,
      headers: shared.headers,
      parameters: WEBHOOK_HEADERS,
    },
  };
  return document;
}

const WEBHOOK_HEADERS = {
  WebhookId: {
    name: 'webhook-id',
    in: 'header',
    required: true,
    description: 'The event delivery id; the same on every retry, so use it to process each event once.',
    schema: { type: 'string' },
  },
  WebhookTimestamp: {
    name: 'webhook-timestamp',
    in: 'header',
    required: true,
    description: 'When this attempt was sent (Unix seconds). Refuse deliveries more than 5 minutes away from your clock.',
    schema: { type: 'string' },
  },
  WebhookSignature: {
    name: 'webhook-signature',
    in: 'header',
    required: true,
    description:
      '`v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}` with the endpoint secret (the part after `whsec_`, base64-decoded). Verify it with any Standard Webhooks library.',
    schema: { type: 'string' },
  },
};

function webhookOperation({ type, schema, summary }) {
  return {
    operationId: `on${type.replace(/(^|\.)(\w)/g, (_m, _d, c) => c.toUpperCase())}`,
    summary,
    tags: ['Webhooks'],
    parameters: ['WebhookId', 'WebhookTimestamp', 'WebhookSignature'].map((p) => ({ $ref: `#/components/parameters/${p}` })),
    requestBody: { required: true, content: { 'application/json': { schema: { $ref: `#/components/schemas/${schema}` } } } },
    responses: {
      200: { description: 'Any 2xx answer acknowledges the event; anything else (or no answer in 15 seconds) is retried.' },
      410: { description: 'Gone: the endpoint is disabled and gets nothing more.' },
    },
    security: [],
  };
}

function sortKeys(object) {
  return Object.fromEntries(Object.entries(object).sort(([a], [b]) => a.localeCompare(b)));
}

export function serialise(document) {
  return `${JSON.stringify(document, null, 2)}\n`;
}
