import { createDataSource, loadConfig, prepareSchema, type ServiceDataSource } from '@vton/service-kit';
import { randomBytes } from 'node:crypto';
import { MediaConfig } from '../src/config/media.config.js';
import { mediaDatabase } from '../src/database/data-source.js';

/**
 * A schema of its own on real Postgres for a migration's test: the migrations before it run, the
 * test writes rows as they were, then it runs (and may be undone).
 */
export class MigrationSchema {
  readonly name = `media_migration_${randomBytes(4).toString('hex')}`;
  /** The schema as SQL names it. */
  readonly s = `"${this.name}"`;
  private readonly opened: ServiceDataSource[] = [];

  /** Where migration `name` is in svc-media's list. */
  static indexOf(name: string): number {
    const index = mediaDatabase.migrations.findIndex((m) => m.name === name);
    if (index < 0) throw new Error(`No migration ${name}`);
    return index;
  }

  /** The schema with svc-media's first `count` migrations run. */
  async migrated(count: number): Promise<ServiceDataSource> {
    const config = loadConfig(MediaConfig, { ...process.env, DATABASE_SCHEMA: this.name, MEDIA_URL_SIGNING_SECRET: 'x'.repeat(32) });
    const db = createDataSource(config, { entities: [], migrations: mediaDatabase.migrations.slice(0, count) });
    await db.initialize();
    this.opened.push(db);
    await prepareSchema(db, config, true);
    return db;
  }

  /** Drops the schema and closes every connection opened here. */
  async drop(): Promise<void> {
    const open = this.opened.filter((db) => db.isInitialized);
    await open[0]?.query(`DROP SCHEMA ${this.s} CASCADE`).catch(() => undefined);
    await Promise.all(open.map((db) => db.destroy()));
  }
}
