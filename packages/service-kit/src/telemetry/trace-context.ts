import { context, createContextKey, propagation, SpanKind, SpanStatusCode, trace, type Attributes } from '@opentelemetry/api';

/** The request id (`x-request-id`) of the request or queued work being served, kept in the active context. */
const REQUEST_ID = createContextKey('vton.request-id');

/** Runs `fn` with `requestId` as the current request id (logs carry it as `reqId`; calls to svc-media send it). */
export function withRequestId<T>(requestId: string | undefined, fn: () => T): T {
  return requestId ? context.with(context.active().setValue(REQUEST_ID, requestId), fn) : fn();
}

export function currentRequestId(): string | undefined {
  const id = context.active().getValue(REQUEST_ID);
  return typeof id === 'string' ? id : undefined;
}

/** What queued work carries of the request that queued it: its W3C trace context and its request id. */
export interface QueuedTrace {
  traceparent?: string;
  tracestate?: string;
  requestId?: string;
}

/** The active trace context and request id, to put in a queued job's data. */
export function queuedTrace(): QueuedTrace {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  const requestId = currentRequestId();
  return {
    ...(carrier.traceparent ? { traceparent: carrier.traceparent } : {}),
    ...(carrier.tracestate ? { tracestate: carrier.tracestate } : {}),
    ...(requestId ? { requestId } : {}),
  };
}

const tracer = () => trace.getTracer('@vton/service-kit');

/**
 * Runs queued work in the trace of the request that queued it: a CONSUMER span (`process <queue>`,
 * messaging attributes) whose parent is the job's `traceparent`, with the job's request id current,
 * so the worker's logs, its calls to svc-media and its provider call join that one trace.
 */
export function processQueuedWork<T>(queue: string, work: QueuedTrace & { id?: string }, attributes: Attributes, fn: () => Promise<T>): Promise<T> {
  const parent = propagation.extract(context.active(), { ...(work.traceparent ? { traceparent: work.traceparent } : {}), ...(work.tracestate ? { tracestate: work.tracestate } : {}) });
  return context.with(parent, () =>
    withRequestId(work.requestId, () =>
      inSpan(
        `process ${queue}`,
        {
          kind: SpanKind.CONSUMER,
          attributes: {
            'messaging.system': 'pg-boss',
            'messaging.operation.type': 'process',
            'messaging.destination.name': queue,
            ...(work.id ? { 'messaging.message.id': work.id } : {}),
            ...attributes,
          },
        },
        fn,
      ),
    ),
  );
}

/** Runs `fn` in a span of its own (a child of the active one), ended when `fn` settles; an error marks it. */
export function inSpan<T>(name: string, options: { kind?: SpanKind; attributes?: Attributes }, fn: () => Promise<T>): Promise<T> {
  return tracer().startActiveSpan(name, options, async (span) => {
    try {
      return await fn();
    } catch (error) {
      span.recordException(error as Error);
      span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
      throw error;
    } finally {
      span.end();
    }
  });
}
