import fs from 'node:fs';

export default async function globalTeardown() {
  const state = globalThis.__VTON_TEST_INFRA__;
  if (!state) return;
  await state.infra.stop();
  fs.rmSync(state.dataDir, { recursive: true, force: true });
}
