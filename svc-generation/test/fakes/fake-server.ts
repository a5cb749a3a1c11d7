import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp, { type Metadata } from 'sharp';

/**
 * What a fake provider answers. `queued`: the prediction waits in the provider's queue for a few
 * polls, then completes; `slow`: the answer is held past any sensible timeout; `garbage`: a 200
 * whose body is not what the documentation promises; `refused`: the engine's moderation refuses
 * the request for safety, the way that engine says so (placement engines).
 */
export type FakeScenario = 'success' | 'queued' | 'bad-request' | 'unauthorized' | 'rate-limited' | 'server-error' | 'slow' | 'garbage' | 'refused';
export const FAKE_SCENARIOS: FakeScenario[] = ['success', 'queued', 'bad-request', 'unauthorized', 'rate-limited', 'server-error', 'slow', 'garbage', 'refused'];

export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** The wait a fake's 429 names unless a test says otherwise. */
const DEFAULT_RETRY_AFTER_SECONDS = 7;

/** Thrown by a fake's handler: the request breaks the provider's documented rules; answered as the provider would. */
export class FakeRejection extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body === 'string' ? body : JSON.stringify(body));
  }
}

export type FakeHandler = (req: RecordedRequest, res: http.ServerResponse) => Promise<void> | void;

/**
 * A plain node:http server on 127.0.0.1 standing in for a hosted provider (it cannot be reached
 * from here). It records every request, so tests see what the adapter really sent, and it can
 * hold an answer until the client gives up.
 */
export class FakeServer {
  scenario: FakeScenario = 'success';
  /**
   * The wait a `rate-limited` answer names (its Retry-After header; Gemini's google.rpc.RetryInfo);
   * null: the 429 names none (the worker then pauses the engine for VTON_RETRY_DELAY_SECONDS).
   */
  retryAfterSeconds: number | null = DEFAULT_RETRY_AFTER_SECONDS;
  /** Polls answered "still queued" before `queued` completes. */
  queuedPolls = 2;
  /**
   * Scenarios of the next submissions (a FASHN run, a Vertex predict, a fal submit), one each, before
   * `scenario` applies again: a batch whose models fare differently. A queued prediction keeps the
   * scenario it was submitted under for its status polls and its result.
   */
  readonly upcoming: FakeScenario[] = [];
  /** Each submission's time of arrival and the scenario it was answered with, in order. */
  readonly submissions: { at: number; scenario: FakeScenario }[] = [];
  readonly requests: RecordedRequest[] = [];
  /** Documentation rules the adapter broke (answered 4xx); a passing test expects none. */
  readonly violations: string[] = [];
  url = '';
  private server?: http.Server;

  constructor(private readonly handler: FakeHandler) {}

  /** `port` 0: any free port (tests); `npm run fake-providers` gives fixed ones. */
  async start(port = 0): Promise<this> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const recorded: RecordedRequest = { method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks) };
        // A developer (or the stack test) trying failures by hand (npm run fake-providers): POST /__fake/scenario
        // {"scenario": "rate-limited"} for every submission from now on, or with "once": true for the next one only.
        if (recorded.method === 'POST' && recorded.path === '/__fake/scenario') return this.setScenarioFrom(recorded, res);
        // What was asked, for a test in another process: each request's method, path, size, and whether its body holds `?text=`.
        if (recorded.method === 'GET' && recorded.path.startsWith('/__fake/requests')) {
          const text = new URL(recorded.path, 'http://fake').searchParams.get('text');
          return sendJson(res, 200, this.requests.map((r) => ({ method: r.method, path: r.path, bytes: r.body.length, ...(text ? { holds: r.body.includes(text) } : {}) })));
        }
        this.requests.push(recorded);
        Promise.resolve(this.handler(recorded, res)).catch((error: unknown) => {
          if (error instanceof FakeRejection) {
            if (error.status === 400 || error.status === 422) this.violations.push(error.message);
            return sendJson(res, error.status, error.body, error.headers);
          }
          this.violations.push(`fake crashed: ${(error as Error).message}`);
          sendJson(res, 500, { error: 'fake crashed' });
        });
      });
    });
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(port, '127.0.0.1', resolve);
    });
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  private setScenarioFrom(req: RecordedRequest, res: http.ServerResponse): void {
    let body: { scenario?: unknown; once?: unknown; retryAfterSeconds?: unknown };
    try {
      body = JSON.parse(req.body.toString('utf8'));
    } catch {
      body = {};
    }
    const scenario = body.scenario as FakeScenario;
    if (!FAKE_SCENARIOS.includes(scenario)) return sendJson(res, 400, { error: `scenario must be one of ${FAKE_SCENARIOS.join(', ')}` });
    if (Number.isInteger(body.retryAfterSeconds) || body.retryAfterSeconds === null) this.retryAfterSeconds = body.retryAfterSeconds as number | null;
    if (body.once === true) this.upcoming.push(scenario);
    else this.scenario = scenario;
    sendJson(res, 200, { scenario: this.scenario, upcoming: this.upcoming });
  }

  /** The scenario a new submission is answered with. */
  takeScenario(): FakeScenario {
    const scenario = this.upcoming.shift() ?? this.scenario;
    this.submissions.push({ at: Date.now(), scenario });
    return scenario;
  }

  /** Forgets what was asked and recorded, and names the default wait on a 429 again (between tests). */
  reset(): void {
    this.scenario = 'success';
    this.retryAfterSeconds = DEFAULT_RETRY_AFTER_SECONDS;
    this.upcoming.length = 0;
    this.submissions.length = 0;
    this.requests.length = 0;
    this.violations.length = 0;
  }

  /** Holds the answer until the client hangs up (the `slow` scenario). */
  hold(res: http.ServerResponse): Promise<void> {
    return new Promise((resolve) => res.on('close', resolve));
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  requestsTo(pathPrefix: string): RecordedRequest[] {
    return this.requests.filter((r) => r.path.startsWith(pathPrefix));
  }
}

export function sendJson(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent) return void res.end();
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(text);
}

/** A 429's Retry-After header: the fake's wait, or none when it names none (`retryAfterSeconds` null). */
export function retryAfterHeader(fake: Pick<FakeServer, 'retryAfterSeconds'>): Record<string, string> {
  return fake.retryAfterSeconds === null ? {} : { 'retry-after': String(fake.retryAfterSeconds) };
}

/** A body that is not JSON at all: what a broken proxy or an HTML error page looks like. */
export function sendGarbage(res: http.ServerResponse): void {
  res.writeHead(200, { 'content-type': 'application/json' }).end('<html><body>502 Bad Gateway</body></html>');
}

/**
 * Checks a base64 image the way an image API does: the declared form, valid base64, bytes that
 * decode as an image of an accepted type. Returns its size.
 */
export async function checkBase64Image(
  value: unknown,
  field: string,
  options: { dataUri: boolean; types: string[]; maxBytes?: number },
): Promise<{ width: number; height: number; format: string; bytes: number }> {
  if (typeof value !== 'string' || !value) throw new FakeRejection(400, `${field} is required`);
  let base64 = value;
  let declared: string | undefined;
  if (options.dataUri) {
    const match = /^data:image\/([a-z]+);base64,(.*)$/s.exec(value);
    if (!match) throw new FakeRejection(400, `${field} must be a URL or a base64 data URI with its data:image/<format>;base64, prefix`);
    declared = match[1];
    base64 = match[2];
  } else if (value.startsWith('data:')) {
    throw new FakeRejection(400, `${field} must be plain base64 without a data: prefix`);
  }
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64)) throw new FakeRejection(400, `${field} is not valid base64`);
  const bytes = Buffer.from(base64, 'base64');
  if (options.maxBytes && bytes.length > options.maxBytes) throw new FakeRejection(400, `${field} is ${bytes.length} bytes; the limit is ${options.maxBytes}`);
  let meta: Metadata;
  try {
    meta = await sharp(bytes).metadata();
  } catch {
    throw new FakeRejection(400, `${field} could not be decoded as an image`);
  }
  if (!meta.format || !options.types.includes(meta.format)) throw new FakeRejection(400, `${field} must be one of ${options.types.join(', ')}`);
  // A data URI that names another type than its bytes (a JPEG sent as image/png) is refused, not guessed at.
  if (declared && declared !== meta.format) throw new FakeRejection(400, `${field} says image/${declared} but holds ${meta.format}`);
  return { width: meta.width!, height: meta.height!, format: meta.format, bytes: bytes.length };
}

/** The colour of every fake placement engine's answer, so a test finds it in the composed result. */
export const PLACEMENT_COLOUR = { r: 200, g: 120, b: 30 };

/** The fake's placement: a product-coloured image of the size the real model answers with (PNG, or JPEG where the engine answers JPEG). */
export function fakePlacement(width: number, height: number, format: 'png' | 'jpeg' = 'png'): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: PLACEMENT_COLOUR } });
  return (format === 'png' ? image.png() : image.jpeg({ quality: 95 })).toBuffer();
}

/** The fake's try-on: a garment-coloured PNG of the size the real model answers with. */
export function fakeResult(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 30, g: 90, b: 200 } } }).png().toBuffer();
}

/**
 * How `npm run fake-providers` (test/fakes/serve.ts) runs a provider's fake: each provider's
 * `<name>.fake.ts` exports one as `localFake` (made with localFakeOf), and serve.ts starts every one it finds.
 */
export interface LocalFake {
  /** As the banner names it: "FASHN", "Vertex AI". */
  label: string;
  /** Where it listens by default, and the variable that moves it (FAKE_FASHN_PORT). */
  port: number;
  portVariable: string;
  start(port: number, credentialsDir: string): Promise<{
    /** Where it answers, and anything else to say about it (its OAuth token endpoint). */
    url: string;
    note?: string;
    /** Where `POST /__fake/scenario` switches it. */
    scenarioUrl: string;
    /** The `npm start` lines that use it. */
    tryWith: string[];
    close(): Promise<void>;
  }>;
}

/** A provider's LocalFake: `start` starts its fake and says where it answers and how `npm start` uses it. */
export function localFakeOf(
  provider: string,
  label: string,
  port: number,
  start: (port: number, credentialsDir: string) => Promise<{ fake: FakeServer; url: string; note?: string; tryWith: string[] }>,
): LocalFake {
  return {
    label,
    port,
    portVariable: `FAKE_${provider.toUpperCase()}_PORT`,
    async start(at, credentialsDir) {
      const { fake, ...shown } = await start(at, credentialsDir);
      return { ...shown, scenarioUrl: fake.url, close: () => fake.close() };
    },
  };
}
