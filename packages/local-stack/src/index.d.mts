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
export function anyFreePorts(): { gateway: number; postgres: number; s3: number; smtp: number; mailWeb: number; apps: Record<string, number> };
export function buildAll(options?: { force?: boolean; log?: (message: string) => void; signal?: AbortSignal }): Promise<void>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const startStack: (...args: any[]) => Promise<any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const startInfrastructure: (...args: any[]) => Promise<any>;
export function createGateway(options: { targets: Record<string, string>; log?: (message: string) => void; env?: NodeJS.ProcessEnv; answerTimeoutMs?: number }): import('node:http').Server;
export const REPO_ROOT: string;
export const DEFAULT_BUCKET: string;
export function startObjectStorage(options: { dataDir: string; port: number; bucket: string }): Promise<{ endpoint: string; stop: () => Promise<void> }>;
export function startPostgres(options: { dataDir: string; port: number; log?: (message: string) => void; flags?: string[] }): Promise<{ url: string; stop: () => Promise<void> }>;
