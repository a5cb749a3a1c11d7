// Types of what TypeScript tests use from local-stack (the package itself is plain ESM).
export interface StoppableServer {
  stop(): Promise<void>;
  start(): Promise<void>;
  dispose(): Promise<void>;
}
export function stoppablePostgres(): Promise<StoppableServer & { url: string }>;
export function stoppableObjectStorage(options: { bucket: string }): Promise<StoppableServer & { endpoint: string }>;
export function localSecrets(options: { dataDir: string; env?: NodeJS.ProcessEnv }): { MEDIA_URL_SIGNING_SECRET: string };
export function freePort(): Promise<number>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const startStack: (...args: any[]) => Promise<any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const startInfrastructure: (...args: any[]) => Promise<any>;
