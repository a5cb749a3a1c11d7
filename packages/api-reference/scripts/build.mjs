// The package's build: the committed document into dist/, the typed client generated from it
// with openapi-typescript (what the quick start's TypeScript example imports), and the examples'
// sources as strings for the docs' API reference.
import fs from 'node:fs';
import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import { DOCUMENT_FILE, PACKAGE_DIR } from './public-document.mjs';
import { readQuickStartSteps } from './quick-start-steps.mjs';

const dist = path.join(PACKAGE_DIR, 'dist');
fs.mkdirSync(dist, { recursive: true });
fs.copyFileSync(DOCUMENT_FILE, path.join(dist, 'openapi.json'));

const header = '// GENERATED from openapi.json by openapi-typescript (packages/api-reference/scripts/build.mjs): do not edit.\n';
const types = header + astToString(await openapiTS(new URL(`file://${DOCUMENT_FILE}`)));
fs.writeFileSync(path.join(PACKAGE_DIR, 'examples', 'vton-api.d.ts'), types);
fs.writeFileSync(path.join(dist, 'vton-api.d.ts'), types);

const read = (file) => fs.readFileSync(path.join(PACKAGE_DIR, 'examples', file), 'utf8');
const examples = {
  QUICK_START_CURL_STEPS: readQuickStartSteps(read('quick-start.sh')),
  QUICK_START_TS: read('quick-start.ts'),
  VERIFY_WEBHOOK_TS: read('verify-webhook.ts'),
};
fs.writeFileSync(
  path.join(dist, 'examples.js'),
  `${header.replace('openapi.json by openapi-typescript', 'examples/')}${Object.entries(examples)
    .map(([name, value]) => `export const ${name} = ${JSON.stringify(value, null, 2)};`)
    .join('\n')}\n`,
);
fs.writeFileSync(
  path.join(dist, 'examples.d.ts'),
  `export interface QuickStartStep { id: string; title: string; explanation: string; commands: string }
/** examples/quick-start.sh, step by step. */
export declare const QUICK_START_CURL_STEPS: QuickStartStep[];
/** examples/quick-start.ts: the quick start with the typed client. */
export declare const QUICK_START_TS: string;
/** examples/verify-webhook.ts: a webhook endpoint that checks signatures. */
export declare const VERIFY_WEBHOOK_TS: string;
`,
);
