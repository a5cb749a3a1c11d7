// The local stack reads the routing table from @vton/contracts' build. On a fresh clone that
// build does not exist yet, so it is made here, before anything imports it.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const contracts = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../contracts');
if (!fs.existsSync(path.join(contracts, 'dist', 'index.js'))) {
  execFileSync('npm', ['run', 'build', '--silent'], { cwd: contracts, stdio: 'inherit' });
}
