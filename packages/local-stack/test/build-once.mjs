import { buildAll } from '../src/build.mjs';

/**
 * The stacks these tests start run the apps' dist/: built here once, before the suites run side by
 * side (two builds at once in one tree would write over each other's output).
 */
export default async function buildOnce() {
  await buildAll({ log: () => {} });
}
