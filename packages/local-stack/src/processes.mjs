import { spawn } from 'node:child_process';
import readline from 'node:readline';
import { isAddressInUse } from './ports.mjs';

const COLORS = [36, 35, 33, 32, 34, 96, 95, 93, 92, 94];
const LEVELS = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };

/** pino's JSON lines become one readable line each; anything else passes through. */
export function formatLogLine(line) {
  if (!line.startsWith('{')) return line;
  try {
    const entry = JSON.parse(line);
    const level = LEVELS[entry.level] ?? String(entry.level ?? '').toUpperCase();
    const req = entry.req ? ` ${entry.req.method} ${entry.req.url}` : '';
    const status = entry.res?.statusCode ? ` ${entry.res.statusCode}` : '';
    const id = entry.req?.id ?? entry.reqId ?? entry.requestId;
    const err = entry.err?.message ? ` — ${entry.err.message}` : '';
    // svc-generation's workers name the job and model a line is about.
    const work = entry.jobId ? ` {job ${entry.jobId}${entry.modelId !== undefined ? `, model ${entry.modelId}` : ''}}` : '';
    return `${level.padEnd(5)} ${entry.msg ?? ''}${req}${status}${err}${work}${id ? ` [${id}]` : ''}`;
  } catch {
    return line;
  }
}

/** Starts a child whose output is streamed line by line with a coloured `[name]` prefix. */
/**
 * @param {{ name: string, command: string[], cwd?: string, env?: NodeJS.ProcessEnv, index?: number, write?: (text: string) => void, quiet?: boolean }} options
 */
export function startProcess({ name, command, cwd, env, index = 0, write = (s) => process.stdout.write(s), quiet = false }) {
  const [bin, ...args] = command;
  const child = spawn(bin, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const color = COLORS[index % COLORS.length];
  const prefix = process.stdout.isTTY ? `\x1b[${color}m[${name}]\x1b[0m` : `[${name}]`;
  const lines = [];
  for (const stream of [child.stdout, child.stderr]) {
    readline.createInterface({ input: stream }).on('line', (line) => {
      lines.push(line);
      if (lines.length > 200) lines.shift();
      if (!quiet) write(`${prefix} ${formatLogLine(line)}\n`);
    });
  }
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return {
    name,
    child,
    exited,
    recentOutput: () => lines.join('\n'),
    async stop(timeoutMs = 10_000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** How a supervised app is restarted: the first pause, doubling up to the longest; a run this long resets it. */
export const RESTART_BACKOFF = { firstMs: 1000, maxMs: 30_000, stableMs: 60_000 };

/**
 * An app that is restarted when it exits on its own (a crash, a kill -9), after a pause that
 * doubles with each quick failure, and says so in the log. It is only watched once `supervise()`
 * is called (the stack calls it when every app is ready, so an app that cannot start at all still
 * fails `npm start`); `stop()` ends it for good.
 *
 * A run that ends because its port was taken (EADDRINUSE: someone else listened on it between the
 * stack's check and the app's own listen) is not a failure of the app: with `movePort`, which
 * chooses another port and updates `options.env`, it starts again at once, also while starting.
 */
/**
 * @param {Parameters<typeof startProcess>[0]} options
 * @param {{ log?: (message: string) => void, backoff?: typeof RESTART_BACKOFF, stopTimeoutMs?: number, movePort?: () => Promise<void> }} [supervision]
 */
export function startSupervisedProcess(options, { log = (s) => process.stdout.write(`${s}\n`), backoff = RESTART_BACKOFF, stopTimeoutMs, movePort } = {}) {
  let current = startProcess(options);
  let startedAt = Date.now();
  let restarts = 0;
  let delay = backoff.firstMs;
  let supervising = false;
  let stopping = false;
  /** A run ended and no other follows: the app failed to start (before `supervise()`). */
  let failed = false;
  /** Runs ended on purpose by `restart()`. */
  const replaced = new WeakSet();
  let timer;

  const run = () => {
    current = startProcess(options);
    startedAt = Date.now();
    watch(current);
  };
  const watch = (proc) => {
    proc.exited.then(async ({ code, signal }) => {
      if (stopping || proc !== current || replaced.has(proc)) return;
      if (movePort && isAddressInUse(proc.recentOutput())) {
        await movePort();
        if (!stopping) run();
        return;
      }
      if (!supervising) { failed = true; return; }
      if (Date.now() - startedAt >= backoff.stableMs) delay = backoff.firstMs;
      const pause = delay;
      delay = Math.min(delay * 2, backoff.maxMs);
      log(`[${options.name}] exited (${signal ?? `code ${code}`}); restarting in ${pause / 1000} s (restart ${restarts + 1})`);
      timer = setTimeout(() => {
        if (stopping) return;
        restarts += 1;
        run();
        log(`[${options.name}] restarted (pid ${current.child.pid})`);
      }, pause);
    });
  };
  watch(current);

  return {
    name: options.name,
    get child() { return current.child; },
    get pid() { return current.child.pid; },
    /** The current run's end. */
    get exited() { return current.exited; },
    get restarts() { return restarts; },
    /** Whether the app ended while starting and will not be started again. */
    get failed() { return failed; },
    recentOutput: () => current.recentOutput(),
    supervise() { supervising = true; },
    /** Ends the current run and starts a new one at once with `options.env` as it is now. */
    async restart() {
      const previous = current;
      replaced.add(previous);
      await previous.stop(stopTimeoutMs);
      if (!stopping) run();
    },
    async stop(timeoutMs = stopTimeoutMs) {
      stopping = true;
      clearTimeout(timer);
      await current.stop(timeoutMs);
    },
  };
}
