import { Injectable } from '@nestjs/common';
import { DatabaseConnection } from '../database/database-connection.js';
import { DataSource } from 'typeorm';

/**
 * A dependency the service cannot serve without; readiness reports each one by `name`, down when
 * `probe` throws or takes longer than `timeoutMs`, and up with what `probe` returns.
 */
export interface ReadinessCheck {
  readonly name: string;
  readonly timeoutMs: number;
  probe(): Promise<Record<string, unknown> | void>;
}

export const READINESS_CHECKS = Symbol('READINESS_CHECKS');

/** The database is ready once connected and migrated, and while it answers a ping. */
@Injectable()
export class DatabaseReadiness implements ReadinessCheck {
  readonly name = 'database';
  readonly timeoutMs = 2000;

  constructor(
    private readonly connection: DatabaseConnection,
    private readonly dataSource: DataSource,
  ) {}

  async probe(): Promise<void> {
    if (!this.connection.isReady) throw new Error(this.connection.problem ?? 'not connected');
    await this.dataSource.query('SELECT 1');
  }
}
