import { loadConfig } from '../config/load-config.js';
import type { ServiceDefinition } from '../service-definition.js';
import { createDataSource, prepareSchema } from './data-source-options.js';

/** The service's config and migrations, not its modules: a migrate script imports no root module. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any service's config class
type MigrationsTarget = Pick<ServiceDefinition<any>, 'app' | 'config' | 'database'>;

/**
 * The body of each service's `npm run migrate` (dist/database/migrate.js): what the
 * Kubernetes migrations Job runs before the pods start with MIGRATIONS_RUN=false. A failure
 * is said on stderr and ends the process with status 1.
 */
export async function runMigrationsCommand(definition: MigrationsTarget, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  try {
    await runMigrations(definition, env);
  } catch (error) {
    process.stderr.write(`${definition.app}: migrations failed: ${(error as Error).message}\n`);
    process.exit(1);
  }
}

async function runMigrations(definition: MigrationsTarget, env: NodeJS.ProcessEnv): Promise<void> {
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
