// First the Node check (an older Node is told which one it needs). Then: the local stack reads
// the routing table from @vton/contracts' build. On a fresh clone that build does not exist yet,
// so it is made here, before anything imports it.
import { checkNode } from './node-version.mjs';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

checkNode();
const contracts = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../contracts');
if (!fs.existsSync(path.join(contracts, 'dist', 'index.js'))) {
  execFileSync('npm', ['run', 'build', '--silent'], { cwd: contracts, stdio: 'inherit' });
}
