import fs from 'node:fs';
import net from 'node:net';

/**
 * The first port the kernel hands out for outgoing connections (Linux: ip_local_port_range).
 * A port the OS picks with listen(0) comes from that same range, so between our check and the
 * app's own listen() any outgoing connection (a fetch, a Postgres client) could take it; ports
 * below it are only ever taken by someone listening on purpose.
 */
function ephemeralPortsStart() {
  try {
    return Number(fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]) || 32768;
  } catch {
    return 32768;
  }
}
const LOWEST_PORT = 10_000;

/** Whether nothing listens on the port, on any address (apps and the gateway bind 0.0.0.0 or 127.0.0.1). */
function isFree(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, '0.0.0.0', () => server.close(() => resolve(true)));
  });
}

/** A port free right now, outside the outgoing-connection range (for tests that run beside a live stack). */
export async function freePort() {
  const end = Math.max(LOWEST_PORT + 1000, ephemeralPortsStart());
  for (let i = 0; i < 100; i += 1) {
    const port = LOWEST_PORT + Math.floor(Math.random() * (end - LOWEST_PORT));
    if (await isFree(port)) return port;
  }
  throw new Error(`No free port found between ${LOWEST_PORT} and ${end}`);
}

/** Resolves once something accepts TCP connections on the port, or rejects after the timeout. */
export async function waitForPort(port, { host = '127.0.0.1', timeoutMs = 60_000 } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise((resolve) => {
      const socket = net.connect(port, host);
      socket.once('connect', () => { socket.destroy(); resolve(true); });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`Nothing answered on ${host}:${port} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** Throws a clear message when a fixed port is already taken, instead of a late EADDRINUSE. */
export async function assertPortFree(port, what) {
  await new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', (/** @type {NodeJS.ErrnoException} */ err) => {
      reject(new Error(err.code === 'EADDRINUSE'
        ? `Port ${port} (${what}) is already in use. Stop whatever holds it or choose another port (see README: environment variables).`
        : err.message));
    });
    server.listen(port, '127.0.0.1', () => server.close(resolve));
  });
}
