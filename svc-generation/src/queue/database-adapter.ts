import type { Db } from 'pg-boss';
import type { QueryRunner } from 'typeorm';

/**
 * pg-boss's database interface over a TypeORM query runner: pg-boss statements then run in our
 * transaction, so queued work and our rows commit (or roll back) together.
 */
export function inTransaction(queryRunner: QueryRunner): Db {
  return {
    async executeSql(text: string, values?: unknown[]) {
      const result = await queryRunner.query(text, values, true);
      return { rows: result.records ?? [] };
    },
  };
}
