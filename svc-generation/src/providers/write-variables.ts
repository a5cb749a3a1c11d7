// Run by `npm run build`: writes dist/provider-variables.json, the variables the provider folders
// declare. `npm start` (packages/local-stack) reads it to hand them to svc-generation alone.
import 'reflect-metadata';
import { writeFileSync } from 'node:fs';
import { providerVariables } from './registry.js';

writeFileSync(new URL('../provider-variables.json', import.meta.url), `${JSON.stringify(providerVariables(), null, 2)}\n`);
