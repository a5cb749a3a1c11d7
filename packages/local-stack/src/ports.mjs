import net from 'node:net';

/** A port the OS says is free right now on 127.0.0.1 (for tests that run beside a live stack). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
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
