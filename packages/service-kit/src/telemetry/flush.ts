/**
 * How the running process's telemetry is flushed at shutdown. The SDK is started by a service's
 * entry module before Nest loads (startTelemetry); the kit's module, loaded later and also in
 * tests where nothing is started, only needs to call this.
 */
let flush: (() => Promise<void>) | undefined;

export function onTelemetryFlush(fn: () => Promise<void>): void {
  flush = fn;
}

/** Exports the spans still buffered; nothing when telemetry was never started. */
export async function flushTelemetry(): Promise<void> {
  await flush?.();
}
