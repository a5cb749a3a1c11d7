import { serviceJestConfig } from '@vton/service-kit/jest-config';

export default serviceJestConfig();
