/**
 * The one webpack + module-federation config factory. The shell and every remote build with
 * it, so shared singletons, file naming and loaders cannot drift between teams.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import webpack from 'webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import TerserPlugin from 'terser-webpack-plugin';
import federation from '@module-federation/enhanced/webpack';

const { ModuleFederationPlugin } = federation;
const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * Shared as singletons between the shell and the remotes: one React, one Router (remotes
 * render inside the shell's), one QueryClient cache, one styled-components sheet, one SDK
 * (auth context, toast store). Nothing else is shared, and nothing is eager.
 */
export const SHARED_SINGLETONS = [
  'react',
  'react-dom',
  'react-router-dom',
  '@tanstack/react-query',
  'styled-components',
  '@vton/shell-sdk',
  '@vton/ui',
];

/** File name of a remote's federation entry; stable (unhashed) so runtime config can point at it. */
export const REMOTE_ENTRY_FILENAME = 'remoteEntry.js';

function readPackageJson(dirname) {
  return JSON.parse(fs.readFileSync(path.join(dirname, 'package.json'), 'utf8'));
}

export function sharedConfig(dirname) {
  const pkg = readPackageJson(dirname);
  const versions = { ...pkg.peerDependencies, ...pkg.devDependencies, ...pkg.dependencies };
  return Object.fromEntries(
    SHARED_SINGLETONS.map((name) => {
      if (!versions[name]) throw new Error(`${pkg.name}: shared singleton "${name}" is missing from package.json dependencies`);
      return [name, { singleton: true, requiredVersion: versions[name] }];
    }),
  );
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
 * @param {object} options
 * @param {string} options.dirname   the app folder (holds package.json, src/index.ts, public/)
 * @param {string} options.name      federation name: 'shell' for the host, the scope for a remote
 * @param {Record<string,string>} [options.exposes]  a remote's fixed surface, e.g. { './App': './src/app/App.tsx' }
 * @param {boolean} [options.isHost] the shell: publicPath '/', registers remotes at runtime
 * @param {number} [options.devPort] port of `npm run dev` (overridable with PORT)
 * @param {string} [options.title]   title of the generated HTML page
 * @param {string} [options.template] the app's own HTML template (relative to dirname), e.g. the
 *   shell's page with its search metadata; defaults to the factory's minimal index.html
 */
export function createConfig({ dirname, name, exposes = {}, isHost = false, devPort = 4000, title, template }) {
  return (_env, argv = {}) => {
    const mode = argv.mode === 'development' ? 'development' : 'production';
    const isProduction = mode === 'production';
    const isDevServer = process.env.WEBPACK_SERVE === 'true';
    const publicDir = path.join(dirname, 'public');
    // During `npm run dev`, API calls (and, for the shell, remotes) go to the running gateway.
    const gatewayUrl = process.env.GATEWAY_URL || 'http://localhost:8080';
    const hashed = isProduction ? '[name].[contenthash:8].js' : '[name].js';
    const templatePath = template ? path.resolve(dirname, template) : path.join(here, 'index.html');

    return {
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
      resolve: { extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'] },
      module: {
        rules: [
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
                },
              },
            },
          },
          { test: /\.(png|jpe?g|webp|svg|gif|woff2?)$/i, type: 'asset' },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name,
          ...(isHost ? { remotes: {} } : { filename: REMOTE_ENTRY_FILENAME, exposes }),
          shared: sharedConfig(dirname),
          dts: false,
          manifest: false,
        }),
        new HtmlWebpackPlugin({
          template: templatePath,
          title: title ?? name,
          chunks: ['main'],
          // A remote's standalone page is opened at deep links only under its own dev server.
          publicPath: isHost || isDevServer ? '/' : 'auto',
        }),
        ...(fs.existsSync(publicDir) ? [new CopyPublicFolderPlugin(publicDir, [templatePath])] : []),
      ],
      optimization: {
        minimize: isProduction,
        minimizer: [new TerserPlugin({ minify: TerserPlugin.swcMinify, terserOptions: { compress: true, mangle: true } })],
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
