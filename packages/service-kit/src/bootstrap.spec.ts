import { execFile } from 'node:child_process';
import type { Server } from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { startServiceApp, type StartedServiceApp } from './bootstrap.js';
import { ServiceConfig } from './config/service-config.js';
import { defineService } from './service-definition.js';
import { ServiceKitModule } from './service-kit.module.js';

const database = { migrations: [] };
/** The kit alone, as every service starts it; its Postgres is a port nothing listens on (it connects in the background). */
const kitOnly = defineService({
  app: 'svc-auth',
  title: 'kit only',
  config: ServiceConfig,
  database,
  module: (config: ServiceConfig) => ServiceKitModule.forRoot({ app: 'svc-auth', config, database }),
});
const env = { DATABASE_URL: 'postgres://x@127.0.0.1:9/db', LOG_LEVEL: 'silent' };

describe('how long a started service keeps an idle connection (HTTP_KEEP_ALIVE_TIMEOUT_SECONDS)', () => {
  let started: StartedServiceApp<ServiceConfig> | undefined;
  afterEach(async () => {
    await started?.app.close();
    started = undefined;
  });

  /** The Keep-Alive header a caller (the Gateway's proxy, the local gateway's agent) is answered with. */
  const keepAliveAnswered = async (extra: Record<string, string> = {}) => {
    started = await startServiceApp(kitOnly, { env: { ...env, ...extra } });
    const answer = await fetch(`${started.url}/api/auth/health/live`);
    await answer.text();
    expect(answer.status).toBe(200);
    return answer.headers.get('keep-alive');
  };

  it('by default outlasts the proxies in front (an hour and 20 s), not Node\'s 5 s', async () => {
    expect(await keepAliveAnswered()).toBe('timeout=3620');
  });

  it('is the configured number of seconds', async () => {
    expect(await keepAliveAnswered({ HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: '700' })).toBe('timeout=700');
  });
});

describe('how long a caller may take to send a whole request (HTTP_REQUEST_TIMEOUT_SECONDS)', () => {
  let started: StartedServiceApp<ServiceConfig> | undefined;
  afterEach(async () => {
    await started?.app.close();
    started = undefined;
  });

  /** What the started server answers 408 after (Node checks it every 30 s, too slow to wait out here). */
  const timeouts = async (extra: Record<string, string> = {}) => {
    started = await startServiceApp(kitOnly, { env: { ...env, ...extra } });
    const server = started.app.getHttpServer() as Server;
    return { request: server.requestTimeout, headers: server.headersTimeout };
  };

  it("is Node's 300 s by default, the headers within it", async () => {
    expect(await timeouts()).toEqual({ request: 300_000, headers: 60_000 });
  });

  it('is the configured number of seconds; the headers never get longer than the whole request', async () => {
    expect(await timeouts({ HTTP_REQUEST_TIMEOUT_SECONDS: '900' })).toEqual({ request: 900_000, headers: 60_000 });
    await started?.app.close();
    expect(await timeouts({ HTTP_REQUEST_TIMEOUT_SECONDS: '30' })).toEqual({ request: 30_000, headers: 30_000 });
  });
});

describe('a service shutting down with a request under way', () => {
  let socket: net.Socket | undefined;
  // Should the service keep the connection, the test fails on its timeout and this lets it go.
  afterEach(() => socket?.destroy());

  it('answers it, then closes that connection at once: the shutdown does not wait out the keep-alive (an hour)', async () => {
    const { app, url } = await startServiceApp(kitOnly, { env });
    const server = app.getHttpServer() as Server;
    const connection = net.connect(Number(new URL(url).port), '127.0.0.1');
    socket = connection;
    let answer = '';
    connection.setEncoding('utf8').on('data', (chunk: string) => { answer += chunk; });
    const closedByService = new Promise((resolve) => connection.once('end', resolve));
    // Half a request: its connection is in use, not idle, when the service begins to close.
    connection.write('GET /api/auth/health/live HTTP/1.1\r\nHost: svc-auth\r\n');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const shutdown = app.close();
    while (server.listening) await new Promise((resolve) => setImmediate(resolve));
    connection.write('\r\n');
    await closedByService;
    await shutdown;
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
  });
});

describe('a bad HTTP_KEEP_ALIVE_TIMEOUT_SECONDS', () => {
  // test/kit-only-service.mjs runs bootstrapService, as a service's main.ts does, from the built kit.
  const start = (value: string) =>
    promisify(execFile)(process.execPath, [path.join(import.meta.dirname, '../test/kit-only-service.mjs')], {
      env: { ...process.env, ...env, PORT: '0', HOST: '127.0.0.1', HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: value },
      timeout: 20_000,
    }).then(() => ({ code: 0, stderr: '' }), (error: { code: number; stderr: string }) => ({ code: error.code, stderr: error.stderr }));

  it.each(['0', '65s', '3620000', '1.5'])('%s stops the service before it listens, naming the variable', async (value) => {
    expect(await start(value)).toEqual({
      code: 1,
      stderr: 'svc-auth: Invalid configuration: HTTP_KEEP_ALIVE_TIMEOUT_SECONDS must be a whole number of seconds from 1 to 86400\n',
    });
  });
});
