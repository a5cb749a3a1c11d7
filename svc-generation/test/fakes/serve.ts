/**
 * `npm run fake-providers` (svc-generation): the fakes of the contract tests on fixed local ports, so
 * a developer can try a hosted provider's or placement engine's path without an account: start this,
 * then `npm start` with the variables it prints. Every provider's fake is found in its folder
 * (src/providers/<name>/<name>.fake.ts, its `localFake`). Each answers success; switch one to a
 * failure with `curl -X POST <url>/__fake/scenario -d '{"scenario":"rate-limited"}'` (add `"once": true`
 * for the next request only). No network.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { FAKE_SCENARIOS, type LocalFake } from './fake-server.js';

const credentialsDir = path.resolve(process.env.FAKE_PROVIDERS_DIR || path.join(import.meta.dirname, '../../../../.data/fake-providers'));
const providersDir = path.join(import.meta.dirname, '../../src/providers');

const fakes: LocalFake[] = [];
for (const folder of fs.readdirSync(providersDir)) {
  const file = path.join(providersDir, folder, `${folder}.fake.js`);
  if (fs.existsSync(file)) fakes.push(((await import(pathToFileURL(file).href)) as { localFake: LocalFake }).localFake);
}
fakes.sort((a, b) => a.port - b.port);
const running = await Promise.all(fakes.map((fake) => fake.start(Number(process.env[fake.portVariable] || fake.port), credentialsDir)));

const width = Math.max(...fakes.map((fake) => fake.label.length)) + 2;
process.stdout.write(`
Fake try-on providers and placement engines (from each provider's documentation; no network):
${fakes.map((fake, i) => `  ${fake.label.padEnd(width)}${running[i].url}${running[i].note ? `   ${running[i].note}` : ''}`).join('\n')}

Try one with the studio (in another terminal, from the repository root):
${running.flatMap((fake) => fake.tryWith.map((line) => `  ${line}`)).join('\n')}

Make one fail:  curl -X POST ${running[0].scenarioUrl}/__fake/scenario -d '{"scenario":"rate-limited"}'
  (${FAKE_SCENARIOS.join(', ')})
The Vertex fake makes a new key each start: restart npm start after restarting this. Ctrl-C stops.
`);

const stop = async () => {
  await Promise.all(running.map((fake) => fake.close()));
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
