/**
 * The one webpack + module-federation config factory. The shell and every remote build with
 * it, so shared singletons, file naming and loaders cannot drift between teams.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import webpack from 'webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import TerserPlugin from 'terser-webpack-plugin';
import federation from '@module-federation/enhanced/webpack';

const { ModuleFederationPlugin } = federation;
const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../..');
const require = createRequire(import.meta.url);

/**
 * Shared as singletons between the shell and the remotes: one React, one Router (remotes
 * render inside the shell's), one QueryClient cache, one styled-components sheet, one SDK
 * (auth context, toast store), one UI kit (its styled components register once), one Radix
 * Toast (the UI kit's Toaster: one provider and viewport, whichever app renders it) and one
 * Radix Dialog with the two Radix internals whose module state a dialog and the toasts must
 * have in common: the dismissable-layer stack (which layer takes Escape and outside clicks; the
 * toast viewport is a branch of it) and the focus-scope stack (the toast viewport is a focus
 * branch of an open dialog). The kit's modals and its toast viewport are entries of their own,
 * `@vton/ui/modals` and `@vton/ui/toasts`, so Radix Dialog loads with the first drawer or viewer
 * and Radix Toast with the first toast rather than on every page. Nothing else is shared, and
 * nothing is eager.
 */
export const SHARED_SINGLETONS = [
  'react',
  'react-dom',
  'react-router-dom',
  '@tanstack/react-query',
  'styled-components',
  '@vton/shell-sdk',
  '@vton/ui',
  '@vton/ui/modals',
  '@vton/ui/toasts',
  '@radix-ui/react-toast',
  '@radix-ui/react-dialog',
  '@radix-ui/react-dismissable-layer',
  '@radix-ui/react-focus-scope',
];

/** The CommonJS build of the plugin that hands the shell's federation runtime to the remotes. */
const RUNTIME_CORE_PLUGIN_CJS = /@module-federation[\\/]inject-external-runtime-core-plugin[\\/]dist[\\/]index\.cjs$/;

/** File name of a remote's federation entry; stable (unhashed) so runtime config can point at it. */
export const REMOTE_ENTRY_FILENAME = 'remoteEntry.js';

function readPackageJson(dirname) {
  return JSON.parse(fs.readFileSync(path.join(dirname, 'package.json'), 'utf8'));
}

/** react-router-dom is shared as the product's subset of its API (see shared/react-router-dom.mjs). */
export const ROUTER_API_MODULE = path.join(here, 'shared', 'react-router-dom.mjs');

/**
 * react-router's production build. Its package exports point every condition at the development
 * build (remix-run/react-router#14102, still open), which keeps dev-only warnings and checks in a
 * production bundle; a production browser build reads this file instead.
 */
const ROUTER_PRODUCTION_BUILD = path.join(path.dirname(require.resolve('react-router/package.json')), 'dist', 'production', 'index.mjs');

export function sharedConfig(dirname) {
  const pkg = readPackageJson(dirname);
  const versions = { ...pkg.peerDependencies, ...pkg.devDependencies, ...pkg.dependencies };
  return Object.fromEntries(
    SHARED_SINGLETONS.map((name) => {
      // A package's second entry (`@vton/ui/modals`) goes with the package's version.
      const packageName = name.split('/').slice(0, name.startsWith('@') ? 2 : 1).join('/');
      if (!versions[packageName]) throw new Error(`${pkg.name}: shared singleton "${packageName}" is missing from package.json dependencies`);
      const config = { singleton: true, requiredVersion: versions[packageName] };
      if (name === 'react-router-dom') {
        Object.assign(config, { import: ROUTER_API_MODULE, version: require('react-router-dom/package.json').version });
      }
      return [name, config];
    }),
  );
}

/** Names a module imports from `react-router-dom` (type-only imports excepted). */
export function routerImports(source) {
  const names = [];
  for (const match of source.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+['"]react-router-dom['"]/g)) {
    if (match[1]) continue;
    for (const part of match[2].split(',')) {
      const name = part.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0];
      if (name && !part.trim().startsWith('type ')) names.push(name);
    }
  }
  return names;
}

/**
 * Fails the build when the app (or a shared package) imports a router name that the shared
 * subset does not provide: at run time it would be undefined in the federated page.
 */
export function assertRouterApi(dirname) {
  const exportList = /export\s*\{([^}]*)\}/.exec(fs.readFileSync(ROUTER_API_MODULE, 'utf8'))[1];
  const provided = new Set(exportList.split(',').map((name) => name.trim()).filter(Boolean));
  const roots = [path.join(dirname, 'src'), ...fs.readdirSync(path.join(repoRoot, 'packages')).map((dir) => path.join(repoRoot, 'packages', dir, 'src'))];
  const missing = new Map();
  for (const root of roots.filter((dir) => fs.existsSync(dir))) {
    for (const file of walk(root)) {
      // Tests and server-only code (src/server/) never run in the browser bundle.
      if (!/\.m?[jt]sx?$/.test(file) || /\.(spec|test)\.[jt]sx?$/.test(file) || file.includes(`${path.sep}server${path.sep}`)) continue;
      for (const name of routerImports(fs.readFileSync(file, 'utf8'))) {
        if (!provided.has(name)) missing.set(name, path.relative(repoRoot, file));
      }
    }
  }
  if (missing.size) {
    const list = [...missing].map(([name, file]) => `${name} (${file})`).join(', ');
    throw new Error(`react-router-dom names missing from ${path.relative(repoRoot, ROUTER_API_MODULE)}: ${list}`);
  }
}

/**
 * Content-hashed entry file names. The federation runtime module asks webpack for the entry
 * chunk's file name while chunk hashes are still being computed (to learn its folder depth),
 * when [contenthash] cannot be filled in yet and webpack 5.111 throws (module-federation/core
 * #5077). At that moment a hash-free name of the same depth is enough.
 */
function entryFilename(pathData) {
  const hasContentHash = Boolean(pathData.chunk?.contentHash?.javascript);
  return hasContentHash ? '[name].[contenthash:8].js' : '[name].js';
}

/**
 * Emits every file under <app>/public into dist unchanged (e.g. the shell's config/remotes.json),
 * except the HTML template, which HtmlWebpackPlugin turns into dist/index.html.
 */
class CopyPublicFolderPlugin {
  constructor(publicDir, skip = []) {
    this.publicDir = publicDir;
    this.skip = new Set(skip.map((file) => path.resolve(file)));
  }
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('CopyPublicFolderPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'CopyPublicFolderPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          for (const file of walk(this.publicDir)) {
            if (this.skip.has(path.resolve(file))) continue;
            const name = path.relative(this.publicDir, file).split(path.sep).join('/');
            compilation.fileDependencies.add(file);
            compilation.emitAsset(name, new webpack.sources.RawSource(fs.readFileSync(file)));
          }
        },
      );
    });
  }
}

function* walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else yield full;
  }
}

/**
 * TypeScript/TSX through swc. The styled-components plugin gives every styled component a
 * componentId from its file and position, so the class names of a server render (prerender)
 * and of the browser bundle agree whatever order the modules load in.
 */
function moduleRules({ isProduction }) {
  return [
    {
      test: /\.[cm]?tsx?$/,
      exclude: /node_modules/,
      use: {
        loader: 'swc-loader',
        options: {
          swcrc: false,
          jsc: {
            target: 'es2020',
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic', development: !isProduction } },
            experimental: { plugins: [[require.resolve('@swc/plugin-styled-components'), { displayName: !isProduction, ssr: true }]] },
          },
        },
      },
    },
    { test: /\.(png|jpe?g|webp|svg|gif|woff2?)$/i, type: 'asset' },
  ];
}

/**
 * @param {object} options
 * @param {string} options.dirname   the app folder (holds package.json, src/index.ts, public/)
 * @param {string} options.name      federation name: 'shell' for the host, the scope for a remote
 * @param {Record<string,string>} [options.exposes]  a remote's fixed surface, e.g. { './App': './src/app/App.tsx' }
 * @param {boolean} [options.isHost] the shell: publicPath '/', registers remotes at runtime
 * @param {number} [options.devPort] port of `npm run dev` (overridable with PORT)
 * @param {string} [options.title]   title of the generated HTML page
 * @param {string} [options.head]    the app's own <head> content (an HTML file relative to dirname, e.g. the
 *   shell's title and search metadata) in place of the title; every app's page is the factory's index.html
 * @param {string} [options.noscript] what the page says without JavaScript
 */
export function createConfig({ dirname, name, exposes = {}, isHost = false, devPort = 4000, title, head, noscript = 'This app needs JavaScript.' }) {
  return (_env, argv = {}) => {
    assertRouterApi(dirname);
    const mode = argv.mode === 'development' ? 'development' : 'production';
    const isProduction = mode === 'production';
    const isDevServer = process.env.WEBPACK_SERVE === 'true';
    const publicDir = path.join(dirname, 'public');
    // During `npm run dev`, API calls (and, for the shell, remotes) go to the running gateway.
    const gatewayUrl = process.env.GATEWAY_URL || 'http://localhost:8080';
    const hashed = isProduction ? '[name].[contenthash:8].js' : '[name].js';
    const headPath = head ? path.resolve(dirname, head) : null;

    return {
      name,
      mode,
      context: dirname,
      entry: { main: './src/index.ts' },
      devtool: isProduction ? 'source-map' : 'eval-cheap-module-source-map',
      output: {
        path: path.join(dirname, 'dist'),
        filename: isProduction ? entryFilename : hashed,
        chunkFilename: hashed,
        assetModuleFilename: isProduction ? 'assets/[name].[contenthash:8][ext]' : 'assets/[name][ext]',
        // The shell's index.html is served for every deep link, so its assets must be absolute;
        // a remote is served under /mfe/<scope>/ and finds its chunks next to remoteEntry.js.
        publicPath: isHost ? '/' : 'auto',
        uniqueName: name,
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
        alias: isProduction ? { 'react-router$': ROUTER_PRODUCTION_BUILD } : {},
      },
      module: { rules: moduleRules({ isProduction }) },
      plugins: [
        new ModuleFederationPlugin({
          name,
          ...(isHost ? { remotes: {} } : { filename: REMOTE_ENTRY_FILENAME, exposes }),
          shared: sharedConfig(dirname),
          dts: false,
          manifest: false,
          // One federation runtime per page: the shell's. Remote entries leave theirs out and use
          // the one the shell puts on the page; a remote's dev server (its standalone host) has
          // no shell, so there it keeps its own.
          experiments: {
            ...(isHost ? { provideExternalRuntime: true } : isDevServer ? {} : { externalRuntime: true }),
            // Remotes are plain remoteEntry.js files (no mf-manifest snapshots) loaded in browsers.
            optimization: { disableSnapshot: true, target: 'web' },
          },
        }),
        // The federation entry imports the runtime-core plugin by its resolved CommonJS file, whose
        // require() chain pulls in CommonJS copies of the whole federation runtime beside the ES
        // copies the bundler runtime imports: two runtimes in the shell's main chunk (~87 KB). The
        // plugin's ES build reaches the same ES modules, so the page carries one runtime.
        new webpack.NormalModuleReplacementPlugin(RUNTIME_CORE_PLUGIN_CJS, (resource) => {
          resource.request = resource.request.replace(/\.cjs$/, '.js');
        }),
        new HtmlWebpackPlugin({
          template: path.join(here, 'index.html'),
          title: title ?? name,
          head: headPath ? fs.readFileSync(headPath, 'utf8').trim() : undefined,
          noscript,
          chunks: ['main'],
          // A remote's standalone page is opened at deep links only under its own dev server.
          publicPath: isHost || isDevServer ? '/' : 'auto',
        }),
        ...(fs.existsSync(publicDir) ? [new CopyPublicFolderPlugin(publicDir, headPath ? [headPath] : [])] : []),
      ],
      optimization: {
        minimize: isProduction,
        // assets/ holds files copied as they are (e.g. the studio's pose model runtime from its npm
        // package, already minified): minifying them again gains little and risks breaking them.
        minimizer: [new TerserPlugin({ minify: TerserPlugin.swcMinify, exclude: /^assets\//, terserOptions: { compress: true, mangle: true } })],
      },
      performance: { hints: false },
      devServer: {
        port: Number(process.env.PORT) || devPort,
        historyApiFallback: true,
        hot: false,
        liveReload: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        client: { overlay: { warnings: false, errors: true } },
        proxy: [{ context: isHost ? ['/api', '/mfe'] : ['/api'], target: gatewayUrl, changeOrigin: true }],
      },
      stats: 'errors-warnings',
    };
  };
}

/**
 * How a server build reaches each shared singleton in Node. Packages with an ES module build
 * are imported (the SDK imports them the same way, so both get one instance and one React
 * context); CommonJS-only packages are required, with webpack's interop for their default
 * export. The UI kit is bundled instead: its ES build default-imports styled-components' CommonJS
 * build, which Node's own loader cannot interoperate with, and it holds no state of its own.
 */
const SERVER_EXTERNAL_TYPES = {
  react: 'node-commonjs',
  'react-dom': 'node-commonjs',
  'styled-components': 'node-commonjs',
  'react-router-dom': 'module',
  '@tanstack/react-query': 'module',
  '@vton/shell-sdk': 'module',
  '@radix-ui/react-toast': 'module',
  '@radix-ui/react-dialog': 'module',
  '@radix-ui/react-dismissable-layer': 'module',
  '@radix-ui/react-focus-scope': 'module',
};

/** Folder of an app's server build (next to dist/, never served). */
export const SERVER_DIST = 'dist-server';

/**
 * The server build of an app, for prerendering at build time: one ES module,
 * `dist-server/index.mjs`, for Node. The shared singletons stay imports of the installed
 * packages, so the shell's server render and every remote's use one React, one Router context,
 * one styled-components sheet and one SDK — what federation does in the browser. Lazy chunks are
 * folded into the one file: a prerender waits for every page to finish.
 *
 * @param {object} options
 * @param {string} options.dirname
 * @param {string} options.name
 * @param {string} [options.entry]  the module to build (the shell's renderer)
 * @param {Record<string,string>} [options.exposes]  a remote's exposed modules; the build exports
 *   them as `exposes` ({ './App': module, … }), the same surface the browser gets
 * @param {string} [options.prerenderPaths]  a remote's module exporting PRERENDER_PATHS: the pages
 *   of it that are prerendered (exported as `prerenderPaths`)
 * @param {string} [options.clientPaths]  a remote's module exporting CLIENT_PATHS: its pages the browser
 *   renders without a prerendered file (exported as `clientPaths`). A remote that gives them lists every
 *   page it has, so any other path under its mount point is the 404 page (status 404)
 * @param {string} [options.publicPath]  where the browser finds the app's assets (a remote:
 *   `/mfe/<name>/`), so URLs rendered on the server match the browser's
 */
export function createServerConfig({ dirname, name, entry, exposes, prerenderPaths, clientPaths, publicPath = '/' }) {
  const externalType = (request) => {
    const shared = SHARED_SINGLETONS.find((name) => request === name || request.startsWith(`${name}/`));
    return shared ? SERVER_EXTERNAL_TYPES[shared] : undefined;
  };
  const source = (file) => JSON.stringify(path.resolve(dirname, file));
  const entryModule = entry
    ? entry
    : `data:text/javascript,${encodeURIComponent(
        [
          ...Object.values(exposes).map((file, i) => `import * as m${i} from ${source(file)};`),
          `export const exposes = { ${Object.keys(exposes).map((key, i) => `${JSON.stringify(key)}: m${i}`).join(', ')} };`,
          ...(prerenderPaths ? [`export { PRERENDER_PATHS as prerenderPaths } from ${source(prerenderPaths)};`] : []),
          ...(clientPaths ? [`export { CLIENT_PATHS as clientPaths } from ${source(clientPaths)};`] : []),
        ].join('\n'),
      )}`;
  return () => ({
    name: `${name}-server`,
    mode: 'production',
    context: dirname,
    target: 'node24',
    entry: { index: entryModule },
    devtool: false,
    experiments: { outputModule: true },
    output: {
      path: path.join(dirname, SERVER_DIST),
      filename: '[name].mjs',
      module: true,
      library: { type: 'module' },
      chunkFormat: 'module',
      publicPath,
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'] },
    externals: [({ request }, callback) => {
      const type = externalType(request);
      return type ? callback(null, `${type} ${request}`) : callback();
    }],
    module: {
      rules: [
        ...moduleRules({ isProduction: true }),
        // The bundled UI kit is an ES package ("type": "module"); read it with webpack's lenient
        // interop, so its default import of styled-components' CommonJS build is that package's
        // `default` export as in the browser, not Node's whole-module default.
        { test: /\.js$/, include: path.join(repoRoot, 'packages', 'ui', 'dist'), type: 'javascript/auto' },
      ],
      // Images are files of the browser build; the server build only needs their URLs.
      generator: { asset: { emit: false }, 'asset/resource': { emit: false } },
    },
    plugins: [new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 })],
    optimization: { minimize: false },
    performance: { hints: false },
    stats: 'errors-warnings',
  });
}
