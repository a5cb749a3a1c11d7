import { defaultTextMapGetter, defaultTextMapSetter, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter as OtlpJsonExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as OtlpProtobufExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { defaultResource, resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';

/**
 * The gateway's part of a trace: one SERVER span per API request it forwards, a child of the
 * client's `traceparent` (the studio sends one with every API call), whose own context is what the
 * app receives. Only when an OTLP endpoint is set (`OTEL_EXPORTER_OTLP_ENDPOINT` or
 * `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`; `OTEL_EXPORTER_OTLP_PROTOCOL` http/protobuf or http/json), as
 * the services do; otherwise the client's `traceparent` passes through unchanged. In Kubernetes the
 * Gateway API implementation plays this part (deploy/README).
 * @param {NodeJS.ProcessEnv} env
 */
export function gatewayTracing(env) {
  const endpoint = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT
    || (env.OTEL_EXPORTER_OTLP_ENDPOINT ? `${env.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/$/, '')}/v1/traces` : undefined);
  if (!endpoint || env.OTEL_SDK_DISABLED === 'true') return { forward: () => {}, shutdown: async () => {} };
  const protocol = env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL || env.OTEL_EXPORTER_OTLP_PROTOCOL || 'http/protobuf';
  const exporter = protocol === 'http/json' ? new OtlpJsonExporter({ url: endpoint }) : new OtlpProtobufExporter({ url: endpoint });
  const provider = new TracerProvider({
    resource: defaultResource().merge(resourceFromAttributes({ 'service.name': 'gateway' })),
    spanProcessors: [new BatchSpanProcessor({ exporter, scheduledDelayMillis: Number(env.OTEL_BSP_SCHEDULE_DELAY) || 5000 })],
  });
  const tracer = provider.getTracer('@vton/local-stack/gateway');
  const propagator = new W3CTraceContextPropagator();

  return {
    /**
     * Starts the request's span and hands its context on in the request's own headers.
     * @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res @param {string} app
     */
    forward(req, res, app) {
      const parent = propagator.extract(ROOT_CONTEXT, req.headers, defaultTextMapGetter);
      const span = tracer.startSpan(`${req.method} ${app}`, {
        kind: SpanKind.SERVER,
        attributes: {
          'http.request.method': req.method ?? 'GET',
          'url.path': (req.url ?? '/').split('?')[0],
          'client.address': req.socket.remoteAddress ?? '',
          'vton.app': app,
        },
      }, parent);
      const carrier = {};
      propagator.inject(trace.setSpan(parent, span), carrier, defaultTextMapSetter);
      req.headers.traceparent = carrier.traceparent;
      if (carrier.tracestate) req.headers.tracestate = carrier.tracestate;
      else delete req.headers.tracestate;
      res.once('close', () => {
        span.setAttribute('http.response.status_code', res.statusCode);
        if (res.statusCode >= 500 || !res.writableFinished) span.setStatus({ code: SpanStatusCode.ERROR });
        span.end();
      });
    },
    /** Exports what is still buffered. */
    shutdown: () => provider.shutdown(),
  };
}
