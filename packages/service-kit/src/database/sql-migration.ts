import type { MigrationInterface, QueryRunner } from 'typeorm';
import { ownSchema } from './data-source-options.js';

/**
 * One step of a migration: an SQL statement, one with `$1…` parameters, or (for what a statement
 * cannot say: reading the catalog first, an installer) the work itself done with the query runner.
 */
export type MigrationStatement = string | { sql: string; parameters: unknown[] } | ((queryRunner: QueryRunner) => Promise<unknown>);

/**
 * One direction of a migration: its steps in the order they run, written for the service's schema
 * as SQL names it, quoted (`${s}."users"`), since every service's tables live in its own schema.
 */
export type MigrationStatements = (s: string) => MigrationStatement[];

export interface SqlMigrationSteps {
  up: MigrationStatements;
  down: MigrationStatements;
  /** `false` when a step opens and commits its own transaction; otherwise each migration runs in one. */
  transaction?: false;
}

/**
 * A migration class for a data source's `migrations` list, from its statements. `name` is the one
 * TypeORM records in the migrations table and reads the timestamp from (its last 13 digits): a
 * database that ran a migration under that name never runs it again, so a name never changes.
 */
export function sqlMigration(name: string, steps: SqlMigrationSteps): new () => MigrationInterface {
  const run = async (statements: MigrationStatements, queryRunner: QueryRunner) => {
    for (const statement of statements(`"${ownSchema(queryRunner)}"`)) {
      if (typeof statement === 'string') await queryRunner.query(statement);
      else if (typeof statement === 'function') await statement(queryRunner);
      else await queryRunner.query(statement.sql, statement.parameters);
    }
  };
  const migration = class implements MigrationInterface {
    name = name;
    transaction = steps.transaction;

    async up(queryRunner: QueryRunner): Promise<void> {
      await run(steps.up, queryRunner);
    }

    async down(queryRunner: QueryRunner): Promise<void> {
      await run(steps.down, queryRunner);
    }
  };
  // The class has the name too, as a class written out would: what a data source's list shows and TypeORM falls back on.
  Object.defineProperty(migration, 'name', { value: name });
  return migration;
}
