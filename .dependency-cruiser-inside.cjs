// One direction inside each app (issue 34), checked by `npm run depcruise` after the rules between
// workspaces (.dependency-cruiser.cjs). Production code only: a test may reach anywhere in its own
// app, and a spec or a provider's fake beside the code importing a test helper would join folders
// that do not depend on each other.
const base = require('./.dependency-cruiser.cjs');

// The apps whose insides are checked, and each one's ground-level folders: these import only each
// other (and packages/); everything else sits on them.
const GROUND = {
  'svc-generation': ['config', 'errors', 'http', 'imaging', 'media', 'metrics', 'local-engine', 'tables'],
  'svc-media': ['config', 'tables', 'storage', 'images', 'files', 'paging', 'validation', 'uploads', 'routes'],
  'svc-auth': ['config', 'tables', 'mail'],
  // frontends: bulletproof-react's shared layers under src/app and src/features
  shell: ['components', 'lib', 'hooks', 'stores', 'config'],
  'mfe-marketing': ['components', 'lib', 'hooks', 'stores', 'config'],
  'mfe-studio': ['components', 'lib', 'hooks', 'stores', 'config'],
  'mfe-gallery': ['components', 'lib', 'hooks', 'stores', 'config'],
  'mfe-docs': ['components', 'lib', 'hooks', 'stores', 'config', 'content'],
};
const APPS = Object.keys(GROUND).join('|');

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'nothing-imports-the-top',
      comment: "The top composes and nothing imports it: src/'s own files (the entry files, the root module) and a frontend's src/app; the shell's prerender entry (src/server) is top too.",
      severity: 'error',
      from: { path: `^(${APPS})/src/(?!app/|server/)[^/]+/` },
      to: { path: '^$1/src/([^/]+$|app/)' },
    },
    ...Object.entries(GROUND).map(([app, folders]) => ({
      name: 'ground-stays-ground',
      comment: `A ground-level folder of ${app} (${folders.join(', ')}) never imports a domain module or a feature.`,
      severity: 'error',
      from: { path: `^${app}/src/(${folders.join('|')})/` },
      to: { path: `^${app}/src/`, pathNot: `^${app}/src/(${folders.join('|')})/` },
    })),
    {
      name: 'no-folder-cycles',
      comment: 'No two folders of an app import each other, directly or round a loop: when two want each other, one of them is really two things.',
      severity: 'error',
      scope: 'folder',
      from: { path: `^(${APPS})/src/` },
      to: { path: '^$1/src/', circular: true },
    },
  ],
  options: {
    ...base.options,
    exclude: { path: `${base.options.exclude.path}|\\.(spec|test|e2e-spec|fake)\\.[cm]?[jt]sx?$|(^|/)test/` },
  },
};
