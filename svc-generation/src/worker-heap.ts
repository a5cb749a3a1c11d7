import { setFlagsFromString } from 'node:v8';

/**
 * How the worker's garbage collector counts Buffers (issue 35). A worker holds each model's images —
 * the photo, its decoded pixels, the provider's frame and answer, the result PNG — as Buffers, outside
 * V8's heap, for the seconds the provider takes, so they outlive the young generation. By default V8
 * starts a full mark of the whole heap (~60 MB of code and objects) each time such memory grows by a
 * fixed 64 MB, whatever the heap does: with a worker's slots full that was a major collection every
 * two models, each freeing a few MB of heap. Counted within the heap's own, growing limit instead
 * (the V8 flag below), the sellers' bench makes a quarter of the major collections (BENCHMARKS.md,
 * issue 35). Set first, before the app's modules load; a Node whose V8 no longer knows the flag
 * prints "unrecognized flag" and runs as before.
 */
setFlagsFromString('--external-memory-accounted-in-global-limit');
