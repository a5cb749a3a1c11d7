import { createDataSource, loadConfig, type ServiceDatabase } from '@vton/service-kit';
import { GenerationConfig } from '../config/generation.config.js';
import { CreateGenerationSchema1767225600000 } from './migrations/1767225600000-create-generation-schema.js';

/** svc-generation's tables (schema `generation` by default): entity and migration classes, listed by hand. */
export const generationDatabase: ServiceDatabase = {
  entities: [],
  migrations: [CreateGenerationSchema1767225600000],
};

/** A standalone data source, for scripts and the TypeORM CLI. */
export function generationDataSource(env: NodeJS.ProcessEnv = process.env) {
  return createDataSource(loadConfig(GenerationConfig, env), generationDatabase);
}
