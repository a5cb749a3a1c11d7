// The Node `npm start` and `npm test` need, read from `engines` in the root package.json, checked
// before anything else loads: on an older Node the first failure would otherwise be some
// dependency's syntax or missing API, which says nothing about the cause.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT_PACKAGE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../package.json');

/** `engines.node` of the root package.json, e.g. "^24.11 || ^26". */
export function requiredNode() {
  return JSON.parse(fs.readFileSync(ROOT_PACKAGE, 'utf8')).engines.node;
}

const parts = (version) => version.replace(/^[v^]/, '').split('.').map((n) => Number(n) || 0);

/**
 * Whether `version` (e.g. "v26.10.0") is at least the lowest caret range of `range` ("^24.11 ||
 * ^26"): an older Node is refused; a newer major than the ranges name is only warned about.
 * @returns {'ok' | 'too-old' | 'newer'}
 */
export function nodeSupport(version, range) {
  const [major, minor, patch] = parts(version);
  const ranges = range.split('||').map((r) => parts(r.trim()));
  const within = ranges.some(([m, mi = 0, p = 0]) => major === m && (minor > mi || (minor === mi && patch >= p)));
  if (within) return 'ok';
  const [lowMajor, lowMinor = 0, lowPatch = 0] = [...ranges].sort((a, b) => a[0] - b[0])[0];
  const below = major < lowMajor || (major === lowMajor && (minor < lowMinor || (minor === lowMinor && patch < lowPatch)));
  return below || major < Math.max(...ranges.map(([m]) => m)) ? 'too-old' : 'newer';
}

/** Exits with a plain message on a Node the project does not run on. */
export function checkNode(version = process.version) {
  const range = requiredNode();
  const support = nodeSupport(version, range);
  if (support === 'too-old') {
    console.error(`The try-on studio needs Node ${range} (a current Node LTS); this is Node ${version}.\n`
      + 'Install Node 26 (or 24.11 or later) and run the command again.');
    process.exit(1);
  }
  if (support === 'newer') console.warn(`Node ${version} is newer than the project's tested Node (${range}); continuing.`);
}
