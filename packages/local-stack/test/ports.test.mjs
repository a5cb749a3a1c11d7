import { jest } from '@jest/globals';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import http from 'node:http';
import net from 'node:net';
import { freePort, retryWhenPortTaken } from '../src/ports.mjs';
import { startPostgres } from '../src/postgres.mjs';
import { startMail } from '../src/mail.mjs';
import { startStack, anyFreePorts } from '../src/stack.mjs';
import { ownStackEnv, stackPorts, standInApps, startStopLoops } from './fixtures/stand-in-stack.mjs';

// Issue 27: two apps of the local stack (or of two stacks) must never get the same port.
jest.setTimeout(900_000);

const HERE = path.dirname(fileURLToPath(import.meta.url));
const START = path.join(HERE, '../bin/start.mjs');
const repeats = (ports) => ports.filter((port, i) => ports.indexOf(port) !== i);

test('a port handed out is never handed out again while the process lives, nor to another live process', async () => {
  const mine = [];
  for (let i = 0; i < 300; i += 1) mine.push(await freePort());
  const other = spawn(process.execPath, ['--input-type=module', '-e', `
    import { freePort } from ${JSON.stringify(path.resolve(HERE, '../src/ports.mjs'))};
    const ports = [];
    for (let i = 0; i < 300; i += 1) ports.push(await freePort());
    console.log(JSON.stringify(ports));
    process.stdin.resume();
  `], { stdio: ['pipe', 'pipe', 'inherit'] });
  try {
    const [line] = await readline.createInterface({ input: other.stdout })[Symbol.asyncIterator]().next().then((r) => [r.value]);
    const theirs = JSON.parse(line);
    expect(repeats(mine)).toEqual([]);
    expect(mine.filter((port) => theirs.includes(port))).toEqual([]);
  } finally {
    other.stdin.end();
  }
});

test('a port fetch() and browsers refuse (the Fetch standard\'s "bad port" 10080) is never handed out', async () => {
  // The first candidate freePort() draws is 10080: one CI run's svc-auth got it and was never seen ready.
  const [rangeStart] = fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
  const end = Math.max(11_000, rangeStart);
  const random = jest.spyOn(Math, 'random').mockReturnValueOnce((80 + 0.5) / (end - 10_000));
  let port;
  try {
    port = await freePort();
  } finally {
    random.mockRestore();
  }
  expect(port).not.toBe(10080);
  await expect(fetch('http://127.0.0.1:10080/')).rejects.toMatchObject({ cause: { message: 'bad port' } });
  const server = http.createServer((req, res) => res.end('reached'));
  await new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(undefined)));
  try {
    expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe('reached');
  } finally {
    server.close();
  }
});

test('a fixed port that browsers and fetch() refuse (PORT=6000) stops the start at once with a clear message, before anything runs', async () => {
  await expect(fetch('http://127.0.0.1:6000/')).rejects.toMatchObject({ cause: { message: 'bad port' } });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vton-bad-port-'));
  try {
    const start = startStack({ dataDir, ports: { ...anyFreePorts(), gateway: 6000 }, env: ownStackEnv(), quiet: true, definitions: standInApps() });
    await expect(start).rejects.toThrow(
      'Port 6000 (gateway (PORT)) is one that browsers and fetch() refuse to connect to (a "bad port" of the Fetch standard, such as 6000 or 10080). Choose another port (see README: environment variables).',
    );
    expect(fs.readdirSync(dataDir)).toEqual([]);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

test('npm start with a port variable that is not a port (PORT=abc, S3_PORT=70000) says so and starts nothing', () => {
  for (const [name, value] of [['PORT', 'abc'], ['S3_PORT', '70000'], ['ENGINE_PORT', '-1']]) {
    const run = spawnSync(process.execPath, [START], { encoding: 'utf8', timeout: 30_000, env: { ...process.env, [name]: value } });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`npm start failed: ${name} must be a whole number from 1 to 65535 (got "${value}")`);
    expect(run.stdout).not.toContain('Building');
  }
});

test('50 starts and stops of whole stacks, four at a time in two processes, never give two live parts the same port', async () => {
  // A second test process runs two loops of 12 starts, and holds its ports until this test is done.
  const other = spawn(process.execPath, [path.join(HERE, 'fixtures/stand-in-stack.mjs'), '12', '2'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const theirs = new Promise((resolve, reject) => {
    readline.createInterface({ input: other.stdout }).once('line', (line) => resolve(JSON.parse(line)));
    other.once('exit', (code) => reject(new Error(`the other test process exited (${code}) before reporting`)));
  });
  try {
    const ours = await startStopLoops({ starts: 13, loops: 2 });
    const otherStarts = /** @type {number[][]} */ (await theirs);
    expect(ours.length + otherStarts.length).toBe(50);
    // Every start got distinct ports, no port came back in this process, and none was the other process's.
    for (const ports of [...ours, ...otherStarts]) expect(repeats(ports)).toEqual([]);
    expect(repeats(ours.flat())).toEqual([]);
    expect(repeats(otherStarts.flat())).toEqual([]);
    expect(ours.flat().filter((port) => otherStarts.flat().includes(port))).toEqual([]);
  } finally {
    other.stdin.end();
  }
});

test('an app that loses its port to another process while starting moves to another port, says so, and whoever calls it follows', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vton-port-move-'));
  fs.chmodSync(dataDir, 0o755);
  const blockerFile = path.join(dataDir, 'blocker.pid');
  const lines = [];
  const stack = await startStack({
    dataDir,
    ports: anyFreePorts(),
    env: ownStackEnv({ LOSE_PORT_ONCE: blockerFile, LOSE_PORT_APP: 'svc-media' }),
    quiet: true,
    log: (line) => lines.push(line),
    definitions: standInApps(),
  });
  const blocker = Number(fs.readFileSync(blockerFile, 'utf8'));
  try {
    const media = stack.processes.find((p) => p.name === 'svc-media');
    const moves = lines.filter((line) => line.startsWith('[svc-media] port '));
    expect(moves).toHaveLength(1);
    const [, from, to] = /** @type {RegExpMatchArray} */ (moves[0].match(/^\[svc-media\] port (\d+) was taken by another process; starting it on port (\d+) instead$/));
    expect(from).not.toBe(to);
    expect(media.url).toBe(`http://127.0.0.1:${to}`);
    expect(stackPorts(stack)).not.toContain(Number(from));
    // The gateway and the apps that call svc-media know its new address.
    expect(await (await fetch(`${stack.url}/api/media/health`)).json()).toMatchObject({ name: 'svc-media', port: Number(to) });
    expect(stack.env.MEDIA_SERVICE_URL).toBe(`http://127.0.0.1:${to}`);
    for (const caller of stack.processes.filter((p) => p.kind === 'worker' || p.name === 'svc-generation')) {
      expect(await (await fetch(caller.url)).json()).toMatchObject({ name: caller.name, mediaServiceUrl: `http://127.0.0.1:${to}` });
    }
  } finally {
    await stack.stop();
    process.kill(blocker, 'SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

test('a gateway that loses its port to another program while starting listens on another, says so, and the apps\' PUBLIC_URL names it', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vton-gateway-move-'));
  fs.chmodSync(dataDir, 0o755);
  // "Another program" takes the port the gateway was given between its choice and the gateway's
  // own listen(): a real socket binds it first, so that listen() really fails with EADDRINUSE.
  const taken = [];
  const thieves = [];
  const listen = http.Server.prototype.listen;
  const spy = jest.spyOn(http.Server.prototype, 'listen').mockImplementation(function (/** @type {any[]} */ ...args) {
    const [port, host] = /** @type {[number, unknown]} */ (/** @type {unknown} */ (args));
    if (host !== '0.0.0.0' || taken.length > 0) return listen.apply(this, args);
    taken.push(port);
    const thief = net.createServer();
    thieves.push(thief);
    thief.listen(port, '0.0.0.0', () => listen.apply(this, args));
    return this;
  });
  const lines = [];
  let stack;
  try {
    stack = await startStack({ dataDir, ports: anyFreePorts(), env: ownStackEnv(), quiet: false, log: (line) => lines.push(line), write: () => {}, definitions: standInApps() });
    spy.mockRestore();
    expect(taken).toHaveLength(1);
    expect(lines).toContain('The gateway: its port was taken by another process; starting it on another port');
    const port = Number(new URL(stack.url).port);
    expect(port).not.toBe(taken[0]);
    // The gateway answers on its new port, and every app was told that address.
    expect(await (await fetch(`${stack.url}/api/media/health`)).json()).toMatchObject({ name: 'svc-media', publicUrl: `http://localhost:${port}` });
    expect(stack.env.PUBLIC_URL).toBe(`http://localhost:${port}`);
  } finally {
    spy.mockRestore();
    await stack?.stop();
    for (const thief of thieves) thief.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

test('an embedded part of npm start that loses its port to another program (MailDev) starts on another, and the stack\'s log says so', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vton-infra-move-'));
  const blockerFile = path.join(dataDir, 'blocker.pid');
  try {
    const run = spawnSync(process.execPath, [path.join(HERE, 'fixtures/start-once.mjs')], {
      encoding: 'utf8',
      timeout: 300_000,
      env: { ...process.env, NODE_OPTIONS: `--import=${path.join(HERE, 'fixtures/lose-smtp-port-once.mjs')}`, LOSE_SMTP_PORT_ONCE: blockerFile },
    });
    expect(run.status).toBe(0);
    expect(fs.existsSync(blockerFile)).toBe(true);
    const { lines, inbox } = JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '');
    expect(lines).toContain('MailDev: its port was taken by another process; starting it on another port');
    expect(inbox).toBe(200);
  } finally {
    if (fs.existsSync(blockerFile)) process.kill(Number(fs.readFileSync(blockerFile, 'utf8')), 'SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

test('embedded Postgres and MailDev that find their port taken by another program start on other ports', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vton-port-infra-'));
  fs.chmodSync(dataDir, 0o755);
  /** @type {net.Server[]} */
  const others = [];
  // The first port each is given is taken by "another program" before it can listen.
  const takenFirst = async () => {
    const port = await freePort();
    if (others.length % 2 === 0) {
      const other = net.createServer();
      await new Promise((resolve) => other.listen(port, '0.0.0.0', () => resolve(undefined)));
      others.push(other);
    } else {
      others.push(net.createServer());
    }
    return port;
  };
  const lines = [];
  const log = (line) => lines.push(line);
  const pg = await retryWhenPortTaken(async () => startPostgres({ dataDir: path.join(dataDir, 'pg'), port: await takenFirst() }), { log, what: 'Postgres' });
  const mail = await retryWhenPortTaken(async () => startMail({ smtpPort: await takenFirst(), webPort: await freePort() }), { log, what: 'MailDev' });
  try {
    expect(lines).toEqual([
      'Postgres: its port was taken by another process; starting it on another port',
      'MailDev: its port was taken by another process; starting it on another port',
    ]);
    expect(pg.url).toMatch(/^postgres:\/\//);
    expect((await fetch(`${mail.inboxUrl}/api/email`)).status).toBe(200);
  } finally {
    await mail.stop();
    await pg.stop();
    for (const other of others) other.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
