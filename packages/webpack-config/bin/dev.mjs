#!/usr/bin/env node
/**
 * `npm run dev` of the shell and every remote: serves the app's webpack.config.mjs in
 * development mode. webpack-dev-server is installed only under this package, so `webpack
 * serve` run from an app folder cannot find it; starting the server from here can.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import webpack from 'webpack';
import WebpackDevServer from 'webpack-dev-server';

process.env.WEBPACK_SERVE = 'true';
const appDir = process.cwd();
const { default: exported } = await import(pathToFileURL(path.join(appDir, 'webpack.config.mjs')).href);
// An app exports its browser config first; a server build (for the prerender) may follow.
const configFactory = Array.isArray(exported) ? exported[0] : exported;
const config = configFactory({}, { mode: 'development' });
const server = new WebpackDevServer(config.devServer, webpack(config));
await server.start();
console.log(`${path.basename(appDir)}: http://localhost:${config.devServer.port}`);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void server.stop().finally(() => process.exit(0)));
