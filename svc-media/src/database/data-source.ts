import { createDataSource, loadConfig, type ServiceDatabase } from '@vton/service-kit';
import { MediaConfig } from '../config/media.config.js';
import { CreateMediaSchema1767225600000 } from './migrations/1767225600000-create-media-schema.js';

/** svc-media's tables (schema `media` by default): entity and migration classes, listed by hand. */
export const mediaDatabase: ServiceDatabase = {
  entities: [],
  migrations: [CreateMediaSchema1767225600000],
};

/** A standalone data source, for scripts and the TypeORM CLI. */
export function mediaDataSource(env: NodeJS.ProcessEnv = process.env) {
  return createDataSource(loadConfig(MediaConfig, env), mediaDatabase);
}
