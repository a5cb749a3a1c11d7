/**
 * A new W3C Trace Context `traceparent` (version 00, random trace and span ids, sampled), sent with
 * every API call: the gateway, the services and the queued work that call starts all join its trace,
 * so one try-on is one trace from the browser on.
 */
export function newTraceparent(): string {
  const hex = (bytes: number) => Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, '0')).join('');
  return `00-${hex(16)}-${hex(8)}-01`;
}
