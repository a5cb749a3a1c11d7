import { serviceJestConfig } from '@vton/service-kit/jest-config';

export default {
  ...serviceJestConfig(),
  // Jest's default on two cores is one suite at a time, and most of this service's suites wait
  // (engine delays, Retry-After, restarts of real processes): two at a time halve its ~10 minutes
  // of `npm test`. Each suite's Platform has its own schema and its fault tests their own servers,
  // so suites running side by side do not meet.
  maxWorkers: '100%',
};
