/**
 * Runs `during` while the app's real process is stopped with SIGSTOP (as a hung process looks: its
 * port still takes connections, nothing answers), and lets it go on afterwards whatever happened.
 * @param {{ processes: { name: string, pid: number }[] }} stack
 * @param {string} name
 * @param {() => Promise<void>} during
 */
export async function whileFrozen(stack, name, during) {
  const { pid } = stack.processes.find((p) => p.name === name);
  process.kill(pid, 'SIGSTOP');
  try {
    await during();
  } finally {
    process.kill(pid, 'SIGCONT');
  }
}
