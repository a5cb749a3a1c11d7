/**
 * CPU time of process trees, read from /proc (Linux), for the sellers' bench: what the stack's
 * processes spent between two snapshots, per role.
 *
 * A snapshot sums, for every live process of the trees, its own user + system time (all its threads)
 * and the time of its children it has already reaped (`cutime` + `cstime`). So a process that starts
 * and ends between two snapshots (a Postgres backend) is still counted, in its parent's reaped time,
 * and a difference of two snapshots is what the trees spent in between.
 */
import fs from 'node:fs';

/** Linux's USER_HZ: /proc/<pid>/stat counts in 1/100 s on every architecture Node runs on. */
const TICKS_PER_SECOND = 100;

/** @typedef {{ pid: number, ppid: number, comm: string, ticks: number }} ProcessTicks */

/** Every process's parent, name and CPU ticks (own + reaped children). */
function readProcesses() {
  /** @type {Map<number, ProcessTicks>} */
  const all = new Map();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat;
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // ended meanwhile
    }
    // pid (comm) state ppid … utime(14) stime(15) cutime(16) cstime(17): comm may hold spaces and parentheses.
    const close = stat.lastIndexOf(')');
    const comm = stat.slice(stat.indexOf('(') + 1, close);
    const fields = stat.slice(close + 2).split(' ');
    const ppid = Number(fields[1]);
    const ticks = Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    all.set(Number(entry), { pid: Number(entry), ppid, comm, ticks });
  }
  return all;
}

/** The machine's busy and total CPU time (s) since boot, from /proc/stat's first line. */
function machineSeconds() {
  const [, ...values] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
  // user nice system idle iowait irq softirq steal (guest time is already inside user)
  const total = values.slice(0, 8).reduce((a, b) => a + b, 0);
  const idle = values[3] + values[4];
  return { busy: (total - idle) / TICKS_PER_SECOND, total: total / TICKS_PER_SECOND };
}

/**
 * Snapshots of the trees under `roots` (role → pid). A descendant takes the role of its nearest
 * root ancestor (a Postgres backend the postmaster's, a libvips thread is its process's).
 * @param {Record<string, number>} roots
 */
export function cpuSnapshot(roots) {
  /** @type {Record<string, number>} */
  const seconds = {};
  for (const [p, role] of withRoles(readProcesses(), roots)) seconds[role] = (seconds[role] ?? 0) + p.ticks / TICKS_PER_SECOND;
  return { at: performance.now(), seconds, machine: machineSeconds() };
}

/** The process ids of the trees, by role (for `perf report --pid`). @param {Record<string, number>} roots */
export function treePids(roots) {
  /** @type {Record<string, number[]>} */
  const pids = {};
  for (const [p, role] of withRoles(readProcesses(), roots)) (pids[role] ??= []).push(p.pid);
  return pids;
}

/** Every process of the trees with the role of its nearest root ancestor. */
function withRoles(all, roots) {
  const rootRole = new Map(Object.entries(roots).map(([role, pid]) => [pid, role]));
  /** @type {[ProcessTicks, string][]} */
  const out = [];
  for (const p of all.values()) {
    let role;
    for (let q = p; q && !role; q = all.get(q.ppid)) {
      role = rootRole.get(q.pid);
      if (q.pid <= 1) break;
    }
    if (role) out.push([p, role]);
  }
  return out;
}

/**
 * What the trees spent between two snapshots, per role (s), and the machine's busy time over the
 * same wall time.
 * @param {ReturnType<typeof cpuSnapshot>} before @param {ReturnType<typeof cpuSnapshot>} after
 */
export function cpuBetween(before, after) {
  /** @type {Record<string, number>} */
  const seconds = {};
  for (const role of new Set([...Object.keys(before.seconds), ...Object.keys(after.seconds)])) {
    seconds[role] = Math.max(0, (after.seconds[role] ?? 0) - (before.seconds[role] ?? 0));
  }
  const wallSeconds = (after.at - before.at) / 1000;
  return { seconds, wallSeconds, machineBusySeconds: after.machine.busy - before.machine.busy, machineSeconds: after.machine.total - before.machine.total };
}

/** The one-minute load average, as BENCHMARKS.md records it. */
export function loadAverage() {
  return Number(fs.readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);
}
