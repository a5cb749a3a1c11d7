import type { DataSourceOptions, MigrationInterface, MixedList } from 'typeorm';
import { DataSource } from 'typeorm';
import type { ServiceConfig } from '../config/service-config.js';

/** What a service tells the kit about its tables: entity and migration classes, no globs. */
export interface ServiceDatabase {
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- TypeORM's own type for entity classes
  entities: MixedList<Function>;
  migrations: (new () => MigrationInterface)[];
}

/**
 * Options of a service's data source: its own schema in the shared database, as the
 * default for entities, the migrations table and (through search_path) raw SQL, so a
 * service never reads or writes another's tables by accident.
 */
export function dataSourceOptions(config: ServiceConfig, database: ServiceDatabase): DataSourceOptions {
  return {
    type: 'postgres',
    url: config.DATABASE_URL,
    schema: config.DATABASE_SCHEMA,
    entities: database.entities,
    migrations: database.migrations,
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    migrationsRun: false,
    logging: false,
    extra: {
      options: `-c search_path=${config.DATABASE_SCHEMA}`,
      connectionTimeoutMillis: 5000,
      max: 10,
    },
  };
}

export function createDataSource(config: ServiceConfig, database: ServiceDatabase): DataSource {
  return new DataSource(dataSourceOptions(config, database));
}

/**
 * Creates the schema when missing (before the migrations table can live in it), then runs
 * pending migrations. Returns the names of the migrations it ran.
 */
export async function prepareSchema(dataSource: DataSource, config: ServiceConfig, runMigrations: boolean): Promise<string[]> {
  try {
    await dataSource.query(`CREATE SCHEMA IF NOT EXISTS "${config.DATABASE_SCHEMA}"`);
  } catch (error) {
    // Two replicas starting together may race on the catalog; the schema exists either way.
    if ((error as { code?: string }).code !== '23505') throw error;
  }
  if (!runMigrations) return [];
  const ran = await dataSource.runMigrations({ transaction: 'each' });
  return ran.map((m) => m.name);
}

/** The schema a migration runs in: the service's own (DATABASE_SCHEMA). */
export function ownSchema(queryRunner: { connection: DataSource }): string {
  return (queryRunner.connection.options as { schema?: string }).schema ?? 'public';
}
