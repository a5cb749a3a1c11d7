import { Injectable } from '@nestjs/common';
import { HealthIndicatorService, type HealthIndicatorResult } from '@nestjs/terminus';
import { DatabaseConnection } from '../database/database-connection.js';
import { DataSource } from 'typeorm';

/** A dependency the service cannot serve without; readiness reports each one by name. */
export interface ReadinessCheck {
  check(): PromiseLike<HealthIndicatorResult>;
}

export const READINESS_CHECKS = Symbol('READINESS_CHECKS');
const CHECK_TIMEOUT_MS = 2000;

/** The database is ready once connected and migrated, and while it answers a ping. */
@Injectable()
export class DatabaseReadiness implements ReadinessCheck {
  constructor(
    private readonly indicator: HealthIndicatorService,
    private readonly connection: DatabaseConnection,
    private readonly dataSource: DataSource,
  ) {}

  check(): PromiseLike<HealthIndicatorResult> {
    return this.indicator
      .check('database')
      .attempt(async () => {
        if (!this.connection.isReady) throw new Error(this.connection.problem ?? 'not connected');
        await this.dataSource.query('SELECT 1');
      })
      .withTimeout(CHECK_TIMEOUT_MS);
  }
}
