import { loadConfig } from '../config/load-config.js';
import type { ServiceDefinition } from '../service-definition.js';
import { createDataSource, prepareSchema } from './data-source-options.js';

/**
 * The body of each service's `npm run migrate` (dist/database/migrate.js): what the
 * Kubernetes migrations Job runs before the pods start with MIGRATIONS_RUN=false.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any service's definition, whatever its config class
export async function runMigrationsCommand(definition: ServiceDefinition<any>, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const config = loadConfig(definition.config, env);
  const dataSource = createDataSource(config, definition.database);
  await dataSource.initialize();
  try {
    const ran = await prepareSchema(dataSource, config, true);
    console.log(JSON.stringify({ service: definition.app, schema: config.DATABASE_SCHEMA, migrationsRan: ran }));
  } finally {
    await dataSource.destroy();
  }
}
