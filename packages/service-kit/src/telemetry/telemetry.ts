import { NodeSDK } from '@opentelemetry/sdk-node';
import { AlwaysOffSampler, NoopSpanProcessor } from '@opentelemetry/sdk-trace';
import { ExpressInstrumentation, ExpressLayerType } from '@opentelemetry/instrumentation-express';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { NestInstrumentation } from '@opentelemetry/instrumentation-nestjs-core';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { PinoInstrumentation } from '@opentelemetry/instrumentation-pino';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { SERVICE_HEALTH_PATHS, SERVICE_LIVENESS_PATHS } from '@vton/contracts';
import type { IncomingMessage } from 'node:http';
import { REDACTED_QUERY_PARAMS, redactUrl } from '../logging/redacted-query-params.js';
import { onTelemetryFlush } from './flush.js';

/** Requests that are not anyone's work: the scraper's and the probes' (a span each would bury the rest). */
const UNTRACED_PATHS = new Set<string>(['/metrics', ...Object.values(SERVICE_HEALTH_PATHS), ...Object.values(SERVICE_LIVENESS_PATHS)]);

/**
 * OpenTelemetry for one process (a service's API or a worker), started by its entry module before
 * anything it instruments is loaded: spans for HTTP in and out (node:http, fetch), Express and Nest
 * handlers and pg queries inside a request or a job, W3C `traceparent` read and sent, and the trace
 * id on every pino log line written inside one (`trace_id`, `span_id`, `trace_flags`).
 *
 * Spans always exist, so logs always correlate; they leave the process only when an OTLP endpoint is
 * set (`OTEL_EXPORTER_OTLP_ENDPOINT` or `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`). Without one nothing is
 * recorded: every span is a non-recording one (trace and span ids, no attributes, timings or events),
 * which is what a log line and a `traceparent` need, at a fraction of the CPU (BENCHMARKS.md, issue 35);
 * the `traceparent` sent on then says "not sampled". With an endpoint, spans are recorded as the SDK reads
 * the standard variables (`OTEL_TRACES_EXPORTER`, `OTEL_EXPORTER_OTLP_PROTOCOL`, `_HEADERS`,
 * `OTEL_TRACES_SAMPLER`, `OTEL_RESOURCE_ATTRIBUTES`, `OTEL_SERVICE_NAME`, …). Logs stay on stdout and
 * metrics on /metrics unless `OTEL_LOGS_EXPORTER` / `OTEL_METRICS_EXPORTER` ask for OTLP too.
 * `OTEL_SDK_DISABLED=true` turns it all off.
 */
export function startTelemetry(service: string, env: NodeJS.ProcessEnv = process.env): void {
  const exporting = Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
  const redacted = [...REDACTED_QUERY_PARAMS];
  const sdk = new NodeSDK({
    ...(env.OTEL_SERVICE_NAME ? {} : { serviceName: service }),
    ...(exporting ? {} : { spanProcessors: [new NoopSpanProcessor()], sampler: new AlwaysOffSampler() }),
    ...(env.OTEL_LOGS_EXPORTER ? {} : { logRecordProcessors: [] }),
    ...(env.OTEL_METRICS_EXPORTER ? {} : { metricReaders: [] }),
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (req: IncomingMessage) => UNTRACED_PATHS.has((req.url ?? '').split('?')[0]),
        // Outgoing calls belong to a request or a job; a background poll is not a trace.
        requireParentforOutgoingSpans: true,
        redactedQueryParams: redacted,
        redactedQueryParamsServer: redacted,
      }),
      // Middleware spans (helmet, body parsers, …) would outnumber the ones that say something.
      new ExpressInstrumentation({ ignoreLayersType: [ExpressLayerType.MIDDLEWARE] }),
      new NestInstrumentation(),
      new PgInstrumentation({ requireParentSpan: true }),
      new UndiciInstrumentation({
        requireParentforSpans: true,
        // fetch's and undici's client spans keep the URL as sent (redactedQueryParams is the HTTP
        // instrumentation's only): a presigned URL's signature would reach the trace store, where it
        // grants access to the object until it expires. Only recorded spans carry attributes.
        ...(exporting ? { startSpanHook: ({ origin, path }: { origin: string; path: string }) => redactedUrlAttributes(origin, path) } : {}),
      }),
      new PinoInstrumentation({ disableLogSending: !env.OTEL_LOGS_EXPORTER }),
    ],
  });
  sdk.start();
  onTelemetryFlush(() => sdk.shutdown());
}

/** A client span's URL attributes (as the undici instrumentation sets them) with secret query values redacted. */
export function redactedUrlAttributes(origin: string, path: string): { 'url.full': string; 'url.query': string } {
  const full = redactUrl(new URL(path, origin).toString());
  const queryStart = full.indexOf('?');
  return { 'url.full': full, 'url.query': queryStart < 0 ? '' : full.slice(queryStart) };
}
