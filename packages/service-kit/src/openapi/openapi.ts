import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { API_KEY_RATE_LIMIT_POLICY, SERVICE_DOCS_PATHS } from '@vton/contracts';
import { API_KEY_SCOPES_EXTENSION } from '../auth/api-key-scopes.decorator.js';
import { PUBLIC_EXTENSION } from '../auth/public.decorator.js';
import type { ServiceName } from '../service-name.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the OpenAPI document is built as plain JSON
type Json = Record<string, any>;

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** The product's error shape (ApiErrorBody in @vton/contracts) as every error answer carries it. */
export const API_ERROR_SCHEMA = {
  type: 'object',
  description: "The product's error shape: every error answer of every service carries it.",
  required: ['statusCode', 'code', 'message'],
  properties: {
    statusCode: { type: 'integer', description: 'The HTTP status, repeated.', example: 404 },
    code: { type: 'string', description: 'A stable machine-readable code such as NOT_FOUND, VALIDATION_FAILED, TOO_MANY_REQUESTS.', example: 'NOT_FOUND' },
    message: { type: 'string', description: 'What went wrong, in words a person can read.', example: 'Garment 12 not found' },
    issues: {
      type: 'array',
      description: 'For a 400: every field problem; `message` repeats the first.',
      items: {
        type: 'object',
        required: ['path', 'message'],
        properties: { path: { type: 'array', items: { type: 'string' } }, message: { type: 'string' } },
      },
    },
    requestId: { type: 'string', description: 'The request id in the logs (also in the X-Request-Id header).' },
    details: { type: 'object', additionalProperties: true, description: 'Extra facts of some errors, such as `retryAfterSeconds`.' },
  },
};

const errorContent = { 'application/json': { schema: { $ref: '#/components/schemas/ApiErrorBody' } } };

const RATE_LIMIT_HEADERS = {
  RateLimit: {
    description: `What is left of the API key's request quota and when it starts again, e.g. \`"${API_KEY_RATE_LIMIT_POLICY}";r=59;t=42\` (draft-ietf-httpapi-ratelimit-headers). Only on requests made with an API key.`,
    schema: { type: 'string' },
  },
  'RateLimit-Policy': {
    description: `The API key's quota, e.g. \`"${API_KEY_RATE_LIMIT_POLICY}";q=60;w=60\`: 60 requests per 60 seconds.`,
    schema: { type: 'string' },
  },
};

/** Answers every service gives the same way; operations refer to them. */
const SHARED_RESPONSES = {
  Unauthorized: { description: 'No token or API key, or one that is invalid, expired, revoked or of an ended session.', content: errorContent },
  Forbidden: {
    description: "Made with an API key that lacks the scope this operation needs, or on an operation API keys cannot use.",
    content: errorContent,
  },
  TooManyRequests: {
    description: "Over the API key's request rate (or another limit of this operation). Wait `Retry-After` seconds.",
    headers: { 'Retry-After': { description: 'Seconds to wait before trying again.', schema: { type: 'integer' } }, ...RATE_LIMIT_HEADERS },
    content: errorContent,
  },
  ServiceUnavailable: {
    description: 'A service this request needs (the database, object storage, another service) is down for the moment. Retry after `Retry-After` seconds.',
    headers: { 'Retry-After': { description: 'Seconds to wait before trying again.', schema: { type: 'integer' } } },
    content: errorContent,
  },
};

const SECURITY_SCHEMES = {
  bearer: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: "The studio's sign-in token (what the browser sends after signing in).",
  },
  apiKey: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'vtk_…',
    description:
      'A personal API key from the API keys page (/account/api-keys), sent as `Authorization: Bearer vtk_…`. Each operation lists the scopes a key needs (any one of them).',
  },
};

/**
 * Completes a document with what every service shares: the origin as server, both ways to
 * authenticate (an operation's API key scopes become its security requirement), the error shape
 * and the answers the guard and the error filter give everywhere (401, 403, 429, 503). Also turns
 * @nestjs/swagger's OpenAPI 3.0 output into 3.1 (nullable → a type list).
 */
export function completeOpenApiDocument(doc: OpenAPIObject): OpenAPIObject {
  const out = doc as unknown as Json;
  out.openapi = '3.1.0';
  out.info = { ...out.info, license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' } };
  out.servers = [{ url: '/', description: "The product's origin: every service is reached through it, paths unchanged" }];
  out.components ??= {};
  out.components.securitySchemes = SECURITY_SCHEMES;
  out.components.schemas = { ...out.components.schemas, ApiErrorBody: API_ERROR_SCHEMA };
  out.components.responses = { ...out.components.responses, ...SHARED_RESPONSES };
  out.components.headers = { ...out.components.headers, ...RATE_LIMIT_HEADERS };
  delete out.security;
  for (const path of Object.values<Json>(out.paths ?? {})) {
    for (const method of HTTP_METHODS) {
      if (path[method]) completeOperation(path[method]);
    }
  }
  toOpenApi31(out.components.schemas);
  for (const path of Object.values<Json>(out.paths ?? {})) toOpenApi31(path);
  pruneUnused(out, 'responses');
  pruneUnused(out, 'headers');
  return doc;
}

/** Drops shared components no operation refers to (a service without API key routes has no 429). */
function pruneUnused(doc: Json, kind: 'responses' | 'headers'): void {
  const text = JSON.stringify({ paths: doc.paths, responses: kind === 'headers' ? doc.components.responses : undefined });
  for (const name of Object.keys(doc.components[kind] ?? {})) {
    if (!text.includes(`"#/components/${kind}/${name}"`)) delete doc.components[kind][name];
  }
}

function completeOperation(op: Json): void {
  const isPublic = op[PUBLIC_EXTENSION] === true;
  const scopes: string[] | undefined = op[API_KEY_SCOPES_EXTENSION];
  delete op[PUBLIC_EXTENSION];
  op.security = isPublic ? [] : [{ bearer: [] }, ...(scopes ? [{ apiKey: scopes }] : [])];
  op.responses ??= {};
  const add = (status: string, ref: keyof typeof SHARED_RESPONSES) => {
    if (!op.responses[status]) op.responses[status] = { $ref: `#/components/responses/${ref}` };
  };
  if (!isPublic) {
    add('401', 'Unauthorized');
    add('403', 'Forbidden');
  }
  if (scopes) add('429', 'TooManyRequests');
  add('503', 'ServiceUnavailable');
  for (const [status, response] of Object.entries<Json>(op.responses)) {
    if (/^[45]\d\d$/.test(status) && !response.$ref && !response.content) response.content = errorContent;
    // An API key's answers say how much of its quota is left.
    if (scopes && /^2\d\d$/.test(status) && !response.$ref) {
      response.headers = { ...response.headers, RateLimit: { $ref: '#/components/headers/RateLimit' }, 'RateLimit-Policy': { $ref: '#/components/headers/RateLimit-Policy' } };
    }
  }
}

/** `nullable: true` (3.0) becomes a type list with 'null' (3.1), everywhere in the tree. */
function toOpenApi31(node: unknown): void {
  if (Array.isArray(node)) {
    node.forEach(toOpenApi31);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const schema = node as Json;
  if (schema.nullable === true) {
    delete schema.nullable;
    if (typeof schema.type === 'string') schema.type = [schema.type, 'null'];
    else if (schema.$ref || schema.allOf) {
      const { $ref, allOf, ...rest } = schema;
      for (const key of Object.keys(schema)) delete schema[key];
      Object.assign(schema, rest, { oneOf: [$ref ? { $ref } : { allOf }, { type: 'null' }] });
    }
  } else if (schema.nullable === false) {
    delete schema.nullable;
  }
  for (const value of Object.values(schema)) toOpenApi31(value);
}

/** The service's own OpenAPI document, as its docs page shows it. */
export function serviceOpenApiDocument(app: INestApplication, service: ServiceName, title: string): OpenAPIObject {
  return completeOpenApiDocument(
    SwaggerModule.createDocument(
      app,
      new DocumentBuilder()
        .setTitle(title)
        .setDescription(`${service} of the virtual try-on studio. Errors use the product's error shape (ApiErrorBody).`)
        .setVersion('1.0')
        .build(),
    ),
  );
}

/** OpenAPI UI at the service's docs path and its JSON at `${docsPath}-json`. */
export function setupOpenApi(app: INestApplication, service: ServiceName, title: string): void {
  const docsPath = SERVICE_DOCS_PATHS[service];
  SwaggerModule.setup(docsPath, app, serviceOpenApiDocument(app, service, title), { jsonDocumentUrl: `${docsPath}-json`, yamlDocumentUrl: `${docsPath}-yaml` });
}
