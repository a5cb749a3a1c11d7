export { startStack, defaultPorts, anyFreePorts } from './stack.mjs';
export { startInfrastructure, DEFAULT_BUCKET } from './infrastructure.mjs';
export { createGateway } from './gateway.mjs';
export { appDefinitions, REPO_ROOT } from './apps.mjs';
export { buildAll } from './build.mjs';
export { freePort, waitForPort } from './ports.mjs';
