import { serviceJestConfig } from './jest-config.js';

// The kit's own specs are unit tests; the services' HTTP tests exercise it against real parts.
export default serviceJestConfig({ withInfrastructure: false });
