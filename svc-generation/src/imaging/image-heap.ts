import { setFlagsFromString } from 'node:v8';

/**
 * How a process that holds images counts them for its garbage collector (issue 35): the worker and the
 * local engine. A worker holds each model's images — the photo, its decoded pixels, the provider's
 * frame and answer, the result PNG — and the local engine each request's frame and garment, as Buffers
 * outside V8's heap, for the seconds the provider (or ENGINE_DELAY_MS) takes, so they outlive the young
 * generation. By default V8 starts a full mark of the whole heap each time such memory grows by a fixed
 * 64 MB, whatever the heap does: with a worker's slots full that was a major collection every two
 * models, each freeing a few MB of heap. Counted within the heap's own, growing limit instead (the V8
 * flag below), the sellers' bench makes a quarter of the worker's major collections, and the local
 * engine spends a fifth less CPU per answer (BENCHMARKS.md, issue 35). Imported first by each entry,
 * before the app's modules load; a Node whose V8 no longer knows the flag prints "unrecognized flag"
 * and runs as before.
 */
setFlagsFromString('--external-memory-accounted-in-global-limit');
