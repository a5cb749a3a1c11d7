/** Injection token of the service's validated configuration object. */
export const SERVICE_CONFIG = Symbol('SERVICE_CONFIG');
