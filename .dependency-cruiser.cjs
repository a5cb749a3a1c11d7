// The import rules every workspace keeps (issue 20), checked by `npm run depcruise` in `npm test`.
// Apps are the top-level folders; shared code lives in packages/.
const APPS = '(shell|mfe-[^/]+|svc-[^/]+|deploy|e2e)';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'apps-import-only-packages',
      comment: 'An app imports only packages/ and its own files; apps talk over HTTP and federation, not imports.',
      severity: 'error',
      from: { path: `^${APPS}/`, pathNot: '\\.(spec|test|e2e-spec)\\.[cm]?[jt]sx?$|/test/' },
      to: { path: `^${APPS}/`, pathNot: '^$1/' },
    },
    {
      name: 'tests-import-other-apps-through-their-entry',
      comment: "A test may reach another app only through that app's public entry (its package exports), never its src/.",
      severity: 'error',
      from: { path: `^${APPS}/.*(\\.(spec|test|e2e-spec)\\.[cm]?[jt]sx?$|/test/)` },
      // by package name, Node lets a test reach only what the app's package.json exports
      to: { path: `^${APPS}/`, pathNot: '^$1/', dependencyTypes: ['local'] },
    },
    {
      name: 'packages-never-import-apps',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: `^${APPS}/` },
    },
    {
      name: 'features-do-not-import-each-other',
      comment: 'Inside an app, src/app composes features; one feature never reaches into another.',
      severity: 'error',
      from: { path: '^([^/]+)/src/features/([^/]+)/' },
      to: { path: '^$1/src/features/', pathNot: '^$1/src/features/$2/' },
    },
    {
      name: 'no-cycles',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|dist-server|\\.swc|test-results|playwright-report|coverage)/' },
    tsConfig: { fileName: 'tsconfig.base.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
  },
};
