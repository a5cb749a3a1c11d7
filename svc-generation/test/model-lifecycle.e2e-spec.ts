import { spawn } from 'node:child_process';
import path from 'node:path';

/** A role of the built service started with `env`: how it ended and what it wrote to stderr. */
function run(entry: 'main.js' | 'worker-main.js', env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [path.resolve(import.meta.dirname, '../dist', entry)], { env: { PATH: process.env.PATH, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stderr })));
}

// OpenAI shut gpt-image-1 down on 2026-10-23: past on any day this test runs, so it needs no clock.
// Nothing else is reachable (no database): the refusal comes before any connection.
const env = {
  HOST: '127.0.0.1',
  PORT: '0',
  DATABASE_URL: 'postgres://u:p@127.0.0.1:1/db',
  GENERATION_SERVICE_SECRET: 'a-service-secret-of-32-characters!',
  PLACEMENT_PROVIDER: 'openai',
  OPENAI_API_KEY: 'sk-test-key-0123456789',
  OPENAI_IMAGE_MODEL: 'gpt-image-1',
};

describe('a configured model its provider has shut down', () => {
  it.each(['main.js', 'worker-main.js'] as const)('refuses the start of %s with one line naming what to set instead', async (entry) => {
    const { code, stderr } = await run(entry, env);
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([
      'svc-generation: Invalid configuration: OPENAI_IMAGE_MODEL=gpt-image-1: OpenAI shut this model down on 2026-10-23; set OPENAI_IMAGE_MODEL=gpt-image-2.6-sunburst (or gpt-image-2.6-flare) (https://developers.openai.com/api/docs/deprecations)',
    ]);
  });
});
