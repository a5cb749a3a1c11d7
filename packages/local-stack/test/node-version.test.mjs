import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { nodeSupport, requiredNode } from '../bin/node-version.mjs';

const START = fileURLToPath(new URL('../bin/start.mjs', import.meta.url));

test('the required Node is the root package.json engines range', () => {
  expect(requiredNode()).toBe('^24.11 || ^26');
});

test.each([
  ['v26.10.0', 'ok'], ['v26.0.0', 'ok'], ['v24.11.0', 'ok'], ['v24.15.2', 'ok'],
  ['v24.10.9', 'too-old'], ['v25.2.0', 'too-old'], ['v22.20.0', 'too-old'], ['v20.20.2', 'too-old'],
  ['v27.1.0', 'newer'],
])('Node %s against ^24.11 || ^26 is %s', (version, support) => {
  expect(nodeSupport(version, '^24.11 || ^26')).toBe(support);
});

test('npm start on Node 20 says which Node it needs and starts nothing', () => {
  // The same binary posing as Node 20: the check reads process.version, as it would there.
  const poseAsNode20 = 'data:text/javascript,Object.defineProperty(process,"version",{value:"v20.20.2"})';
  const run = spawnSync(process.execPath, ['--import', poseAsNode20, START], { encoding: 'utf8', timeout: 30_000 });
  expect(run.status).toBe(1);
  expect(run.stderr).toContain('The try-on studio needs Node ^24.11 || ^26 (a current Node LTS); this is Node v20.20.2.');
  expect(run.stdout).not.toContain('Building');
});
