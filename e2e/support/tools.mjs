import { execFileSync } from 'node:child_process';

/** The command-line tools the API quick start uses (curl, jq), installed as root with apt-get when missing. */
export function ensureQuickStartTools() {
  const missing = ['curl', 'jq'].filter((tool) => {
    try {
      execFileSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' });
      return false;
    } catch {
      return true;
    }
  });
  if (!missing.length) return;
  if (process.getuid?.() !== 0) throw new Error(`The API quick start test needs ${missing.join(' and ')}: sudo apt-get install -y ${missing.join(' ')}`);
  console.log(`Installing ${missing.join(' and ')} with apt-get for the API quick start test…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', ...missing], { stdio: 'inherit', env });
}
