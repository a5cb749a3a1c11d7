import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

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

/**
 * The Fetch standard's "bad ports" (https://fetch.spec.whatwg.org/#port-blocking): fetch() in Node
 * and every browser refuse them outright ("bad port", ERR_UNSAFE_PORT), so an app given one is
 * never seen ready and a page on one never loads.
 */
const FETCH_BLOCKED_PORTS = new Set([
  1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103, 104, 109, 110,
  111, 113, 115, 117, 119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465, 512, 513, 514, 515, 526, 530, 531, 532,
  540, 548, 554, 556, 563, 587, 601, 636, 989, 990, 993, 995, 1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061,
  6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
]);

/** Whether nothing listens on the port, on any address (apps and the gateway bind 0.0.0.0 or 127.0.0.1). */
function isFree(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, '0.0.0.0', () => server.close(() => resolve(true)));
  });
}

/**
 * Ports this process handed out. Nobody listens on a port between our check and the app's own
 * listen(), so "free now" alone lets two apps of one start (or of two stacks in one test process)
 * get the same port; a port handed out is never handed out again while this process lives.
 */
const handedOut = new Set();

/**
 * The same promise across the processes of this machine (parallel test workers, a second
 * `npm start`, another checkout's tests): a file `<port>.<pid>` in a shared folder says that a
 * live process holds the port. Writing ours first and then looking for any other live holder
 * means two processes that pick the same port at once both see each other and both pick again,
 * so nobody ever gets a port another live process holds. Files of dead processes are stale and
 * ignored (and swept); ours are removed when this process exits.
 */
const RESERVATIONS = path.join(os.tmpdir(), 'vton-local-stack-ports');
const ours = new Set();
let cleanupHooked = false;

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return /** @type {NodeJS.ErrnoException} */ (err).code === 'EPERM';
  }
}

function reserve(port) {
  if (handedOut.has(port)) return false;
  // Shared by every user of the machine, like /tmp itself.
  if (fs.mkdirSync(RESERVATIONS, { recursive: true })) fs.chmodSync(RESERVATIONS, 0o1777);
  const mine = `${port}.${process.pid}`;
  fs.writeFileSync(path.join(RESERVATIONS, mine), '');
  const holders = fs.readdirSync(RESERVATIONS).filter((name) => name.startsWith(`${port}.`) && name !== mine);
  for (const name of holders) {
    if (isAlive(Number(name.slice(name.indexOf('.') + 1)))) {
      fs.rmSync(path.join(RESERVATIONS, mine), { force: true });
      return false;
    }
    fs.rmSync(path.join(RESERVATIONS, name), { force: true });
  }
  if (!cleanupHooked) {
    cleanupHooked = true;
    process.once('exit', () => { for (const name of ours) fs.rmSync(path.join(RESERVATIONS, name), { force: true }); });
  }
  ours.add(mine);
  handedOut.add(port);
  return true;
}

/**
 * A port nobody listens on now, that no live local-stack process has handed out, outside the
 * outgoing-connection range (so tests can run beside a live stack), that fetch() and browsers
 * accept. It stays reserved for the life of this process.
 */
export async function freePort() {
  const end = Math.max(LOWEST_PORT + 1000, ephemeralPortsStart());
  for (let i = 0; i < 200; i += 1) {
    const port = LOWEST_PORT + Math.floor(Math.random() * (end - LOWEST_PORT));
    if (FETCH_BLOCKED_PORTS.has(port) || handedOut.has(port) || !(await isFree(port))) continue;
    if (reserve(port)) return port;
  }
  throw new Error(`No free port found between ${LOWEST_PORT} and ${end}`);
}

/** Whether a start failed because its port was taken (Node's listen error, Postgres' bind error, MailDev's). */
export function isAddressInUse(text) {
  return /EADDRINUSE|Address already in use/i.test(text);
}

/**
 * Starts something on ports freePort() chooses (`start` asks for them), and again on new ones when
 * one was taken meanwhile by someone who does not use freePort (a race no check can close).
 * @template T
 * @param {() => Promise<T>} start
 * @param {{ attempts?: number, log?: (message: string) => void, what?: string }} [options]
 * @returns {Promise<T>}
 */
export async function retryWhenPortTaken(start, { attempts = 5, log = () => {}, what = 'server' } = {}) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await start();
    } catch (err) {
      if (attempt >= attempts || !isAddressInUse(String(/** @type {Error} */ (err)?.message ?? err))) throw err;
      log(`${what}: its port was taken by another process; starting it on another port`);
    }
  }
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

/** Throws a clear message when a fixed port of something reached over HTTP is one that browsers and fetch() refuse. */
export function assertFetchAllows(port, what) {
  if (FETCH_BLOCKED_PORTS.has(port)) {
    throw new Error(`Port ${port} (${what}) is one that browsers and fetch() refuse to connect to (a "bad port" of the Fetch standard, such as 6000 or 10080). Choose another port (see README: environment variables).`);
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
