/**
 * The apps of the suite's own stack, by name, for tests that need a real process to stop
 * answering for a while. Global setup hands their process ids over in E2E_APP_PIDS; a stack
 * given by E2E_BASE_URL has none, and `pauseApp` says so.
 *
 * Freezes an app with SIGSTOP (its port still accepts connections and buffers what is sent,
 * but nothing is answered) and returns `resume`, which sends SIGCONT.
 */
export function pauseApp(name) {
  const pid = JSON.parse(process.env.E2E_APP_PIDS ?? '{}')[name];
  if (!pid) throw new Error(`No process id for ${name}: the suite only pauses apps of the stack it started itself`);
  process.kill(pid, 'SIGSTOP');
  return () => process.kill(pid, 'SIGCONT');
}
