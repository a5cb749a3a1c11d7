import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

// `npm start` (bin/start.mjs) with its build and stack stood in for (fixtures/start-without-stack.mjs):
// the environment it starts the apps with.
const START = fileURLToPath(new URL('../bin/start.mjs', import.meta.url));
const HOOKS = new URL('./fixtures/start-without-stack.mjs', import.meta.url).href;
const REGISTER = `data:text/javascript,import { register } from 'node:module'; register(${JSON.stringify(HOOKS)});`;

function startedWith(extra) {
  const { TRIAL_CREDITS: _ignored, ...env } = process.env;
  const run = spawnSync(process.execPath, ['--import', REGISTER, START], { env: { ...env, ...extra }, encoding: 'utf8', timeout: 30_000 });
  expect({ status: run.status, stderr: run.stderr }).toEqual({ status: 0, stderr: '' });
  return JSON.parse(run.stdout.trim().split('\n').at(-1));
}

test('npm start gives new accounts 100 trial credits, so someone trying the studio does not run dry', () => {
  expect(startedWith({ VTON_STUDIO_MARKER: 'kept' })).toMatchObject({ TRIAL_CREDITS: '100', VTON_STUDIO_MARKER: 'kept' });
  // Empty is unset, as the services read it.
  expect(startedWith({ TRIAL_CREDITS: '' }).TRIAL_CREDITS).toBe('100');
});

test('TRIAL_CREDITS set for npm start is what new accounts get, 0 included', () => {
  expect(startedWith({ TRIAL_CREDITS: '25' }).TRIAL_CREDITS).toBe('25');
  expect(startedWith({ TRIAL_CREDITS: '10' }).TRIAL_CREDITS).toBe('10');
  expect(startedWith({ TRIAL_CREDITS: '0' }).TRIAL_CREDITS).toBe('0');
});
