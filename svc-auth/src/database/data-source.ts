import { createDataSource, loadConfig, type ServiceDatabase } from '@vton/service-kit';
import { AuthConfig } from '../config/auth.config.js';
import { CreateAuthSchema1767225600000 } from './migrations/1767225600000-create-auth-schema.js';

/** svc-auth's tables (schema `auth` by default): entity and migration classes, listed by hand. */
export const authDatabase: ServiceDatabase = {
  entities: [],
  migrations: [CreateAuthSchema1767225600000],
};

/** A standalone data source, for scripts and the TypeORM CLI. */
export function authDataSource(env: NodeJS.ProcessEnv = process.env) {
  return createDataSource(loadConfig(AuthConfig, env), authDatabase);
}
