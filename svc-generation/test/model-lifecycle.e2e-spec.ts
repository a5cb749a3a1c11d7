import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';

// OpenAI shut gpt-image-1 down on 2026-10-23: past on any day this test runs, so it needs no clock.
// No database is reachable: a role starts without one (it connects in the background).
const env = {
  HOST: '127.0.0.1',
  PORT: '0',
  DATABASE_URL: 'postgres://u:p@127.0.0.1:1/db',
  GENERATION_SERVICE_SECRET: 'a-service-secret-of-32-characters!',
  PLACEMENT_PROVIDER: 'openai',
  OPENAI_API_KEY: 'sk-test-key-0123456789',
  OPENAI_IMAGE_MODEL: 'gpt-image-1',
};
const ERROR =
  'OPENAI_IMAGE_MODEL=gpt-image-1: OpenAI shut this model down on 2026-10-23, and every call with it fails; set OPENAI_IMAGE_MODEL=gpt-image-2.6-sunburst (or gpt-image-2.6-flare) (https://developers.openai.com/api/docs/deprecations)';

/** A role of the built service started with `env`, until it logs the model lifecycle's line: that line, and whether the role was still running after it. */
async function lifecycleLine(entry: 'main.js' | 'worker-main.js'): Promise<{ line: { level: number; context?: string; msg: string }; running: boolean }> {
  const child = spawn(process.execPath, [path.resolve(import.meta.dirname, '../dist', entry)], { env: { PATH: process.env.PATH, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    for await (const text of readline.createInterface({ input: child.stdout })) {
      const line = JSON.parse(text) as { level: number; context?: string; msg: string };
      if (line.context !== 'ModelLifecycle') continue;
      // A refusal would end the process right after its line; one more turn of the loop would see it.
      await new Promise((resolve) => setTimeout(resolve, 500));
      return { line, running: child.exitCode === null };
    }
    throw new Error(`${entry} ended without a ModelLifecycle line`);
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

describe('a configured model its provider has shut down', () => {
  it.each(['main.js', 'worker-main.js'] as const)('%s starts all the same and logs one error naming what to set instead', async (entry) => {
    const { line, running } = await lifecycleLine(entry);
    expect({ level: line.level, msg: line.msg, running }).toEqual({ level: 50, msg: ERROR, running: true });
  }, 30_000);
});
