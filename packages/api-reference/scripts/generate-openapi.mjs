// Writes openapi.json from the built services: `npm run build` first (or any npm start/test).
import fs from 'node:fs';
import path from 'node:path';
import { DOCUMENT_FILE, publicDocument, serialise, serviceDocuments } from './public-document.mjs';

const document = publicDocument(await serviceDocuments());
fs.writeFileSync(DOCUMENT_FILE, serialise(document));
console.log(`wrote ${path.relative(process.cwd(), DOCUMENT_FILE)}: ${Object.keys(document.paths).length} paths`);
process.exit(0);
