import { formatLogLine, startSupervisedProcess } from '../src/processes.mjs';

test('pino JSON lines become readable lines with the request id', () => {
  const line = JSON.stringify({ level: 30, msg: 'request completed', req: { id: 'abc', method: 'GET', url: '/api/auth/me' }, res: { statusCode: 401 } });
  expect(formatLogLine(line)).toBe('INFO  request completed GET /api/auth/me 401 [abc]');
});

test('other output passes through unchanged', () => {
  expect(formatLogLine('serving dist')).toBe('serving dist');
  expect(formatLogLine('{not json')).toBe('{not json');
});

test('a worker line names its job and model', () => {
  const line = JSON.stringify({ level: 40, msg: 'Model 7 failed', jobId: 'f00', modelId: 7 });
  expect(formatLogLine(line)).toBe('WARN  Model 7 failed {job f00, model 7}');
});

describe('a supervised app (real child processes)', () => {
  const sleeper = { name: 'sleeper', command: [process.execPath, '-e', 'setInterval(() => {}, 1000)'], cwd: process.cwd(), env: process.env, quiet: true };
  const backoff = { firstMs: 50, maxMs: 200, stableMs: 60_000 };
  const until = async (condition) => {
    for (let i = 0; !condition(); i++) {
      if (i > 200) throw new Error('condition not reached');
      await new Promise((r) => setTimeout(r, 25));
    }
  };

  test('is restarted after it dies, with a pause that doubles on quick failures, and each restart is logged', async () => {
    const lines = [];
    const app = startSupervisedProcess(sleeper, { log: (s) => lines.push(s), backoff });
    app.supervise();
    const first = app.pid;
    process.kill(first, 'SIGKILL');
    await until(() => app.restarts === 1);
    expect(app.pid).not.toBe(first);
    const second = app.pid;
    process.kill(second, 'SIGKILL');
    await until(() => app.restarts === 2);
    await app.stop();
    expect(lines).toEqual([
      '[sleeper] exited (SIGKILL); restarting in 0.05 s (restart 1)',
      `[sleeper] restarted (pid ${second})`,
      '[sleeper] exited (SIGKILL); restarting in 0.1 s (restart 2)',
      `[sleeper] restarted (pid ${app.pid})`,
    ]);
  });

  test('is not restarted once stopped, nor before it is supervised (an app that cannot start fails the start)', async () => {
    const lines = [];
    const app = startSupervisedProcess(sleeper, { log: (s) => lines.push(s), backoff });
    process.kill(app.pid, 'SIGKILL');
    expect(await app.exited).toEqual({ code: null, signal: 'SIGKILL' });
    const stopped = startSupervisedProcess(sleeper, { log: (s) => lines.push(s), backoff });
    stopped.supervise();
    await stopped.stop();
    await new Promise((r) => setTimeout(r, 300));
    expect(app.restarts + stopped.restarts).toBe(0);
    expect(lines).toEqual([]);
  });
});

test('GENERATION_WORKERS: 2 by default, 0–16, and a clear error otherwise', async () => {
  const { generationWorkers, workerDefinitions } = await import('../src/apps.mjs');
  expect(generationWorkers({})).toBe(2);
  expect(generationWorkers({ GENERATION_WORKERS: '0' })).toBe(0);
  expect(generationWorkers({ GENERATION_WORKERS: '5' })).toBe(5);
  for (const bad of ['17', '-1', 'two', '1.5']) {
    expect(() => generationWorkers({ GENERATION_WORKERS: bad })).toThrow(`GENERATION_WORKERS must be a whole number from 0 to 16 (got "${bad}")`);
  }
  expect(workerDefinitions(2).map((w) => [w.name, w.command.at(-1)])).toEqual([
    ['svc-generation-worker-1', 'dist/worker-main.js'],
    ['svc-generation-worker-2', 'dist/worker-main.js'],
  ]);
});
