/** svc-generation runs as one of two roles from one package: the HTTP API, or a worker that does the try-ons. */
export type GenerationRole = 'api' | 'worker';

export const GENERATION_ROLE = Symbol('GENERATION_ROLE');
