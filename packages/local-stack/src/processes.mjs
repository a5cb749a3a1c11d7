import { spawn } from 'node:child_process';
import readline from 'node:readline';

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
    return `${level.padEnd(5)} ${entry.msg ?? ''}${req}${status}${err}${id ? ` [${id}]` : ''}`;
  } catch {
    return line;
  }
}

/** Starts a child whose output is streamed line by line with a coloured `[name]` prefix. */
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
