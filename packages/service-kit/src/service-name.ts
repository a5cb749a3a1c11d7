import type { SERVICE_HEALTH_PATHS } from '@vton/contracts';

/** The three services, named as in the routing table. */
export type ServiceName = keyof typeof SERVICE_HEALTH_PATHS;
