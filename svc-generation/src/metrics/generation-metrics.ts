import { Inject, Injectable, Logger } from '@nestjs/common';
import { DatabaseConnection, ServiceMetrics } from '@vton/service-kit';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { GENERATION_ROLE, type GenerationRole } from '../config/roles.js';
import { FleetMetricsLeader } from './fleet-metrics-leader.js';

/** The fleet-wide gauge's source: unfinished models by state. The jobs module provides it (JobStore), so metrics imports nothing above it. */
export interface UnfinishedModels {
  countUnfinished(): Promise<{ state: string; count: number }[]>;
}
export const UNFINISHED_MODELS = Symbol('UNFINISHED_MODELS');

/**
 * svc-generation's Prometheus metrics, served with the kit's (HTTP latency and errors, process
 * metrics) at GET /metrics on the API and on every worker. Each process has its own registry.
 * The fleet-wide figures (models waiting and running, read from Postgres at scrape time) are
 * exported by one API process only (FleetMetricsLeader), so a sum over pods counts them once;
 * counters and the provider figures are each process's own (aggregate with sum).
 */
@Injectable()
export class GenerationMetrics {
  readonly registry = new Registry();
  private readonly logger = new Logger('Metrics');

  /** Models finished by this process, by outcome. */
  readonly modelsFinished = this.counter('generation_models_finished_total', 'Models this process finished, by final state (succeeded, failed).', ['state']);

  /** Model failures by spec §8 code. */
  readonly failures = this.counter('generation_model_failures_total', 'Model failures by spec §8 code (VTON_API_ERROR, VTON_PROCESSING_ERROR), final or retried.', ['code', 'final']);

  /** Units of work this process claimed that had been delivered before (a worker stopped, or a retryable failure). */
  readonly redeliveries = this.counter('generation_model_redeliveries_total', 'Models this process claimed that had run before (their worker stopped, or a retryable failure).');

  readonly providerInFlight = this.gauge('generation_provider_in_flight', "This process's try-on calls in flight, per provider.", ['provider']);

  readonly providerLatency = new Histogram({
    name: 'generation_provider_call_duration_seconds',
    help: 'Duration of try-on provider calls, per provider and outcome (ok, error).',
    labelNames: ['provider', 'outcome'] as const,
    buckets: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30, 45, 60, 90, 120, 180],
    registers: [this.registry],
  });

  /** Models failed because the provider's account is out of credits (FASHN's OutOfCredits): an alert's figure, any increase needs a top-up. */
  readonly providerOutOfCredits = this.counter(
    'generation_provider_out_of_credits_total',
    "Models that failed because the provider's account is out of credits (FASHN OutOfCredits), per provider: top the account up.",
    ['provider'],
  );

  readonly jobsCreated = this.counter('generation_jobs_created_total', 'Try-on jobs this API process queued.');

  readonly jobsRefused = this.counter('generation_jobs_refused_total', 'Try-on jobs refused with 429 because the account had too many models waiting.');

  readonly eventStreams = this.gauge('generation_event_streams', 'Job event streams (SSE) open on this API process.');

  constructor(
    @Inject(UNFINISHED_MODELS) unfinished: UnfinishedModels,
    database: DatabaseConnection,
    @Inject(GENERATION_ROLE) role: GenerationRole,
    serviceMetrics: ServiceMetrics,
    leader: FleetMetricsLeader,
  ) {
    // Every series of the process, the kit's included, says which role it comes from.
    for (const registry of [this.registry, serviceMetrics.registry]) registry.setDefaultLabels({ role });
    serviceMetrics.include(this.registry);
    const logger = this.logger;
    new Gauge({
      name: 'generation_models',
      help: 'Unfinished models across the fleet, by state (queued, requeued = waiting: the queue depth; running). Exported by one API process.',
      labelNames: ['state'] as const,
      registers: [this.registry],
      async collect() {
        this.reset();
        if (!database.isReady || !leader.isLeader) return;
        try {
          const rows = await unfinished.countUnfinished();
          for (const state of ['queued', 'requeued', 'running']) this.set({ state }, rows.find((r) => r.state === state)?.count ?? 0);
        } catch (error) {
          logger.warn(`Could not count models for /metrics: ${(error as Error).message}`);
        }
      },
    });
  }

  // This process's own series, each in its registry (served at /metrics with the kit's).
  private counter<L extends string = never>(name: string, help: string, labelNames: readonly L[] = []): Counter<L> {
    return new Counter({ name, help, labelNames, registers: [this.registry] });
  }

  private gauge<L extends string = never>(name: string, help: string, labelNames: readonly L[] = []): Gauge<L> {
    return new Gauge({ name, help, labelNames, registers: [this.registry] });
  }
}
