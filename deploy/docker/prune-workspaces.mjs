// Runs inside the image build (prod-deps stage): trims the root package.json to the workspaces
// one app runs with and drops every devDependencies block, so the following
// `npm install --omit=dev` installs that app's production tree only. npm's own
// `-w <app> --omit=dev` still installs workspace devDependencies (npm/cli#6670), hence this.
// The lock file stays the source of versions; npm only drops the entries nothing needs.
// Usage: node prune-workspaces.mjs <workspace dir>...
import fs from 'node:fs';

const keep = process.argv.slice(2);
if (!keep.length) throw new Error('usage: prune-workspaces.mjs <workspace dir>...');
const edit = (file, change) => {
  const pkg = JSON.parse(fs.readFileSync(file, 'utf8'));
  change(pkg);
  fs.writeFileSync(file, `${JSON.stringify(pkg, null, 2)}\n`);
};
edit('package.json', (pkg) => {
  pkg.workspaces = keep;
  delete pkg.devDependencies;
  delete pkg.scripts;
});
for (const dir of keep) edit(`${dir}/package.json`, (pkg) => { delete pkg.devDependencies; });
