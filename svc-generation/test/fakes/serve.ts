/**
 * `npm run fake-providers` (svc-generation): the FASHN, Vertex AI, fal.ai, Gemini, OpenAI and Black
 * Forest Labs fakes of the contract tests on fixed local ports, so a developer can try a hosted
 * provider's or placement engine's path without an account: start this, then `npm start` with the
 * variables it prints. Each answers success; switch one to a failure with `curl -X POST
 * <url>/__fake/scenario -d '{"scenario":"rate-limited"}'` (add `"once": true` for the next request
 * only). No network.
 */
import path from 'node:path';
import { FAKE_SCENARIOS } from './fake-server.js';
import { startBflFake } from './bfl-fake.js';
import { startFalFake } from './fal-fake.js';
import { startFashnFake } from './fashn-fake.js';
import { startGeminiFake } from './gemini-fake.js';
import { startOpenAIFake } from './openai-fake.js';
import { startVertexFake } from './vertex-fake.js';

const port = (name: string, fallback: number) => Number(process.env[name] || fallback);
const FASHN_KEY = 'fake-fashn-key';
const FAL_KEY = 'fake-fal-key';
const GEMINI_KEY = 'fake-gemini-key';
const OPENAI_KEY = 'fake-openai-key';
const BFL_KEY = 'fake-bfl-key';
const credentialsDir = path.resolve(process.env.FAKE_PROVIDERS_DIR || path.join(import.meta.dirname, '../../../../.data/fake-providers'));

const fashn = await startFashnFake(FASHN_KEY, port('FAKE_FASHN_PORT', 4101));
const vertex = await startVertexFake({ port: port('FAKE_VERTEX_PORT', 4102), credentialsDir });
const fal = await startFalFake(FAL_KEY, port('FAKE_FAL_PORT', 4103));
const gemini = await startGeminiFake(GEMINI_KEY, { port: port('FAKE_GEMINI_PORT', 4104), credentialsDir: path.join(credentialsDir, 'gemini') });
const openai = await startOpenAIFake(OPENAI_KEY, port('FAKE_OPENAI_PORT', 4105));
const bfl = await startBflFake(BFL_KEY, port('FAKE_BFL_PORT', 4106));

process.stdout.write(`
Fake try-on providers and placement engines (from each provider's documentation; no network):
  FASHN       ${fashn.base}
  Vertex AI   ${vertex.url}   (OAuth token endpoint ${vertex.url}/token)
  fal.ai      ${fal.url}
  Gemini      ${gemini.url}   (Gemini API and Vertex AI paths; OAuth token endpoint ${gemini.url}/token)
  OpenAI      ${openai.base}
  BFL         ${bfl.url}

Try one with the studio (in another terminal, from the repository root):
  VTON_PROVIDER=fashn FASHN_API_KEY=${FASHN_KEY} FASHN_API_URL=${fashn.base} npm start
  VTON_PROVIDER=vertex GOOGLE_APPLICATION_CREDENTIALS=${vertex.credentialsFile} VERTEX_API_URL=${vertex.url} npm start
  VTON_PROVIDER=fal FAL_KEY=${FAL_KEY} FAL_QUEUE_URL=${fal.url} npm start
  PLACEMENT_PROVIDER=gemini GEMINI_API_KEY=${GEMINI_KEY} GEMINI_API_URL=${gemini.url} npm start
  PLACEMENT_PROVIDER=openai OPENAI_API_KEY=${OPENAI_KEY} OPENAI_BASE_URL=${openai.base} npm start
  PLACEMENT_PROVIDER=bfl BFL_API_KEY=${BFL_KEY} BFL_API_URL=${bfl.url} npm start
  PLACEMENT_PROVIDER=fal FAL_KEY=${FAL_KEY} FAL_QUEUE_URL=${fal.url} npm start

Make one fail:  curl -X POST ${fashn.url}/__fake/scenario -d '{"scenario":"rate-limited"}'
  (${FAKE_SCENARIOS.join(', ')})
The Vertex fake makes a new key each start: restart npm start after restarting this. Ctrl-C stops.
`);

const stop = async () => {
  await Promise.all([fashn.close(), vertex.close(), fal.close(), gemini.close(), openai.close(), bfl.close()]);
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
