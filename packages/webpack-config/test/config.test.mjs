import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import webpack from 'webpack';
import { assertRouterApi, createConfig, createServerConfig, routerImports, sharedConfig, ROUTER_API_MODULE } from '../src/index.mjs';

const shellDir = path.resolve(import.meta.dirname, '../../../shell');

function makeApp(source) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'app-'));
  fs.mkdirSync(path.join(dir, 'src', 'server'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'src', 'page.tsx'), source);
  return dir;
}

test('reads the router names a module imports, leaving out type-only imports', () => {
  const source = `import { Link, type To, useNavigate as go } from 'react-router-dom';\nimport type { Location } from 'react-router-dom';\nimport { x } from 'other';`;
  expect(routerImports(source)).toEqual(['Link', 'useNavigate']);
});

test('every router name the apps and shared packages import is in the shared subset', () => {
  for (const app of ['shell', 'mfe-marketing', 'mfe-studio', 'mfe-gallery', 'mfe-docs']) {
    expect(() => assertRouterApi(path.resolve(shellDir, '..', app))).not.toThrow();
  }
});

test('a build importing a router name the subset lacks fails, naming it and the file', () => {
  const dir = makeApp(`import { Link, useMatches } from 'react-router-dom';`);
  expect(() => assertRouterApi(dir)).toThrow(/useMatches \(.*page\.tsx\)/);
  // Server-only code never runs in the browser bundle.
  fs.writeFileSync(path.join(dir, 'src', 'page.tsx'), '');
  fs.writeFileSync(path.join(dir, 'src', 'server', 'render.tsx'), `import { StaticRouter } from 'react-router-dom';`);
  expect(() => assertRouterApi(dir)).not.toThrow();
});

test('shares react-router-dom as the subset, at the installed version, as a singleton', () => {
  const router = sharedConfig(shellDir)['react-router-dom'];
  expect(router).toMatchObject({ singleton: true, import: ROUTER_API_MODULE, requiredVersion: expect.any(String) });
  expect(router.version).toMatch(/^7\./);
  expect(Object.values(sharedConfig(shellDir)).every((shared) => shared.singleton && !shared.eager)).toBe(true);
});

test('every app shares one Radix Dialog, layer stack and focus stack (the UI kit modals and toasts)', () => {
  for (const app of ['shell', 'mfe-marketing', 'mfe-studio', 'mfe-gallery', 'mfe-docs']) {
    const shared = sharedConfig(path.resolve(shellDir, '..', app));
    for (const name of ['@radix-ui/react-toast', '@radix-ui/react-dialog', '@radix-ui/react-dismissable-layer', '@radix-ui/react-focus-scope']) {
      expect(shared[name]).toMatchObject({ singleton: true, requiredVersion: expect.stringMatching(/^\d/) });
    }
  }
});

test('one federation runtime: the shell provides it, remote entries leave theirs out', () => {
  const federationOptions = (config) => config.plugins.find((p) => p.constructor.name === 'ModuleFederationPlugin')._options;
  const shell = createConfig({ dirname: shellDir, name: 'shell', isHost: true })({}, { mode: 'production' });
  expect(federationOptions(shell).experiments).toMatchObject({ provideExternalRuntime: true });
  const docsDir = path.resolve(shellDir, '../mfe-docs');
  const remote = createConfig({ dirname: docsDir, name: 'docs', exposes: { './App': './src/app/App.tsx' } })({}, { mode: 'production' });
  expect(federationOptions(remote).experiments).toMatchObject({ externalRuntime: true });
  expect(federationOptions(remote).experiments.provideExternalRuntime).toBeUndefined();
});

test('the shell bundle carries the federation runtime once (ES modules, no CommonJS twin)', async () => {
  // A host with nothing of its own, inside the repository so it resolves the installed packages.
  const dir = fs.mkdtempSync(path.join(import.meta.dirname, '.tmp-host-'));
  try {
    fs.copyFileSync(path.join(shellDir, 'package.json'), path.join(dir, 'package.json'));
    fs.mkdirSync(path.join(dir, 'src'));
    fs.writeFileSync(path.join(dir, 'src', 'index.ts'), 'export {};\n');
    const config = createConfig({ dirname: dir, name: 'host', isHost: true })({}, { mode: 'production' });
    const stats = await new Promise((resolve, reject) => webpack(/** @type {import('webpack').Configuration} */ (config), (error, result) => (error ? reject(error) : resolve(result))));
    expect(stats.hasErrors()).toBe(false);
    const main = fs.readdirSync(path.join(dir, 'dist')).find((file) => /^main\..*\.js$/.test(file));
    const { sources } = JSON.parse(fs.readFileSync(path.join(dir, 'dist', `${main}.map`), 'utf8'));
    const runtimeCore = sources.filter((source) => source.includes('@module-federation/runtime-core/dist/'));
    expect(runtimeCore.some((source) => source.endsWith('/core.js'))).toBe(true);
    expect(sources.filter((source) => /@module-federation\/.*\.cjs$/.test(source))).toEqual([]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}, 180_000);

test('the server build keeps the shared singletons as imports of the installed packages and bundles the UI kit', () => {
  const docsDir = path.resolve(shellDir, '../mfe-docs');
  const config = createServerConfig({ dirname: docsDir, name: 'docs', exposes: { './App': './src/app/App.tsx' }, publicPath: '/mfe/docs/' })();
  const external = (request) =>
    new Promise((resolve) => config.externals[0]({ request }, (_error, value) => resolve(value)));
  return Promise.all([
    external('react').then((value) => expect(value).toBe('node-commonjs react')),
    external('react/jsx-runtime').then((value) => expect(value).toBe('node-commonjs react/jsx-runtime')),
    external('@vton/shell-sdk').then((value) => expect(value).toBe('module @vton/shell-sdk')),
    external('react-router-dom').then((value) => expect(value).toBe('module react-router-dom')),
    external('@vton/ui').then((value) => expect(value).toBeUndefined()),
    external('./local').then((value) => expect(value).toBeUndefined()),
  ]).then(() => {
    expect(config.output).toMatchObject({ path: path.join(docsDir, 'dist-server'), publicPath: '/mfe/docs/', module: true });
  });
});
