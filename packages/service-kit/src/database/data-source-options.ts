import { ErrorCode } from '@vton/contracts';
import type { DataSourceOptions, EntityMetadata, EntityTarget, MigrationInterface, MixedList, ObjectLiteral, QueryRunner, ReplicationMode } from 'typeorm';
import { DataSource } from 'typeorm';
import type { ServiceConfig } from '../config/service-config.js';
import { ApiException } from '../errors/api-exception.js';
import { reuseParsedStatements } from './parsed-statements.js';
import { isUniqueViolation } from './unique-violation.js';

export const DATABASE_NOT_READY_MESSAGE = 'The database is not ready yet';

/** What a data source is made from: a script that serves nothing (an operator command) needs no more of the config. */
export type DatabaseSettings = Pick<ServiceConfig, 'DATABASE_URL' | 'DATABASE_SCHEMA'>;

/**
 * What a service tells the kit about its tables: its migration classes, no globs. In the service
 * each domain module registers its own entities (`TypeOrmModule.forFeature`, loaded by the kit with
 * `autoLoadEntities`), so this list names none; a standalone data source (a script) names the ones it uses.
 */
export interface ServiceDatabase {
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- TypeORM's own type for entity classes
  entities?: MixedList<Function>;
  migrations: (new () => MigrationInterface)[];
}

/**
 * Options of a service's data source: its own schema in the shared database, as the
 * default for entities, the migrations table and (through search_path) raw SQL, so a
 * service never reads or writes another's tables by accident.
 */
export function dataSourceOptions(config: DatabaseSettings, database: ServiceDatabase): DataSourceOptions {
  return {
    type: 'postgres',
    url: config.DATABASE_URL,
    schema: config.DATABASE_SCHEMA,
    entities: database.entities ?? [],
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

/**
 * A service's one data source. The kit connects it in the background (the service starts while
 * Postgres is down), so until then every repository call, query and transaction answers 503
 * instead of TypeORM's "No metadata for …" or "Driver not Connected" (a 500). Repositories,
 * query builders and transactions all go through these two methods, so the rule holds for each.
 */
export class ServiceDataSource extends DataSource {
  constructor(options: DataSourceOptions) {
    super(options);
    // Every pg client of the process (this data source's, pg-boss's) parses a statement once per connection.
    reuseParsedStatements();
  }

  override getMetadata(target: EntityTarget<ObjectLiteral>): EntityMetadata {
    this.assertConnected();
    return super.getMetadata(target);
  }

  override createQueryRunner(mode?: ReplicationMode): QueryRunner {
    this.assertConnected();
    return super.createQueryRunner(mode);
  }

  private assertConnected(): void {
    if (!this.isInitialized) throw new ApiException(503, ErrorCode.SERVICE_UNAVAILABLE, DATABASE_NOT_READY_MESSAGE);
  }
}

export function createDataSource(config: DatabaseSettings, database: ServiceDatabase): ServiceDataSource {
  return new ServiceDataSource(dataSourceOptions(config, database));
}

/**
 * Creates the schema when missing (before the migrations table can live in it), then runs
 * pending migrations. Returns the names of the migrations it ran.
 */
export async function prepareSchema(dataSource: DataSource, config: DatabaseSettings, runMigrations: boolean): Promise<string[]> {
  try {
    await dataSource.query(`CREATE SCHEMA IF NOT EXISTS "${config.DATABASE_SCHEMA}"`);
  } catch (error) {
    // Two replicas starting together may race on the catalog; the schema exists either way.
    if (!isUniqueViolation(error)) throw error;
  }
  if (!runMigrations) return [];
  // TypeORM takes no lock: replicas starting together (the API and its workers) would each run the
  // pending migrations, and all but one fail. A session lock on the schema's name makes them take
  // turns; the ones after the first find nothing pending.
  const lock = dataSource.createQueryRunner();
  await lock.connect();
  try {
    await lock.query(`SELECT pg_advisory_lock(hashtext($1))`, [`${config.DATABASE_SCHEMA}.migrations`]);
    const ran = await dataSource.runMigrations({ transaction: 'each' });
    return ran.map((m) => m.name);
  } finally {
    // A lock the unlock could not give back (the connection is gone) ended with its session.
    await lock.query(`SELECT pg_advisory_unlock(hashtext($1))`, [`${config.DATABASE_SCHEMA}.migrations`]).catch(() => undefined);
    await lock.release();
  }
}

/** The schema a migration runs in: the service's own (DATABASE_SCHEMA). */
export function ownSchema(queryRunner: { connection: DataSource }): string {
  return (queryRunner.connection.options as { schema?: string }).schema ?? 'public';
}
