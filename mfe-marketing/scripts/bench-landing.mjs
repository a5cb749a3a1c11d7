#!/usr/bin/env node
/**
 * Landing page benchmark: builds the marketing and docs remotes and the shell (which prerenders
 * the public pages), serves every frontend's dist through the product's gateway logic (same
 * origin, same routing table, the static server with its precompressed files), then runs
 * Lighthouse in Debian's Chromium against `/` and prints the four category scores, the key
 * metrics and the JavaScript the page loads (bytes on the wire, and what gzip would send).
 *
 * The floor: beside `/` the bench serves `/__bench/no-script`, the same prerendered HTML with
 * every <script> and the remote entry's preload removed — the page as plain HTML and CSS,
 * same images, same server. Both are audited in turn in the same run; the LCP ratio between them
 * is the figure (the machine is shared, so absolute times drift from run to run).
 *
 *   npm run bench -w mfe-marketing [-- --runs 3 --no-build --path /]
 *
 * No service is started: signed out, the landing page makes no API call. Figures are printed,
 * never asserted (CONVENTIONS: benchmarks are scripts that print figures).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { parseArgs } from 'node:util';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { createGateway, REPO_ROOT } from '@vton/local-stack';
import { startStaticServer } from '@vton/static-server';
import { REMOTE_ROUTES } from '@vton/contracts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    'no-build': { type: 'boolean', default: false },
    // Another page of the site, for a one-off check (e.g. --path /docs/keyboard-shortcuts).
    path: { type: 'string', default: '/' },
  },
});
const RUNS = Math.max(1, Number(values.runs));
const CHROME_FLAGS = [
  '--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage',
];
process.env.CHROME_PATH ??= '/usr/bin/chromium';

function build(workspace) {
  const started = Date.now();
  execFileSync('npm', ['run', 'build', '-w', workspace, '--silent'], { cwd: REPO_ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  console.log(`built ${workspace} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** The page as plain HTML and CSS: the prerendered file without its scripts. */
export function withoutScripts(html) {
  return html
    .replace(/<script\b(?![^>]*type="application\/ld\+json")[^>]*>[\s\S]*?<\/script>/g, '')
    .replace(/<link rel="preload" as="script"[^>]*>/g, '');
}

const FLOOR_PATH = '/__bench/no-script';

async function serveFrontends() {
  const servers = [];
  const targets = {};
  const frontends = [{ app: 'shell', base: '/', spa: true }, ...REMOTE_ROUTES.map((r) => ({ app: r.app, base: `${r.prefix}/`, spa: false }))];
  for (const { app, base, spa } of frontends) {
    const server = await startStaticServer({ root: path.join(REPO_ROOT, app, 'dist'), base, spa, port: 0, host: '127.0.0.1' });
    servers.push(server);
    targets[app] = `http://127.0.0.1:${server.address().port}`;
  }
  const gateway = createGateway({ targets });
  // The floor is served like the page: brotli, no-cache, from the same origin.
  const pagePath = values.path === '/' ? 'index.html' : path.join(values.path, 'index.html');
  const floor = zlib.brotliCompressSync(withoutScripts(fs.readFileSync(path.join(REPO_ROOT, 'shell/dist', pagePath), 'utf8')));
  const route = gateway.listeners('request')[0];
  gateway.removeAllListeners('request');
  gateway.on('request', (req, res) => {
    if (req.url !== FLOOR_PATH) return route(req, res);
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-encoding': 'br', 'cache-control': 'no-cache', 'content-length': floor.length });
    res.end(floor);
  });
  await new Promise((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  servers.push(gateway);
  const origin = `http://127.0.0.1:${gateway.address().port}`;
  return {
    url: new URL(values.path, origin).href,
    floorUrl: new URL(FLOOR_PATH, origin).href,
    close: () => Promise.all(servers.map((s) => new Promise((r) => { s.closeAllConnections?.(); s.close(() => r()); }))),
  };
}

/** Bytes a URL takes on the wire with only gzip accepted (what the issue's budget counts). */
function gzipBytes(url) {
  return new Promise((resolve, reject) => {
    http.get(url, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk) => (bytes += chunk.length));
      res.on('end', () => resolve(bytes));
    }).on('error', reject);
  });
}

const median = (numbers) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)];
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

async function audit(url, port, preset) {
  const config = preset === 'desktop' ? (await import('lighthouse/core/config/desktop-config.js')).default : undefined;
  const { lhr } = await lighthouse(
    url,
    { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] },
    config,
  );
  const scripts = (lhr.audits['network-requests'].details?.items ?? []).filter((item) => item.resourceType === 'Script');
  return {
    scores: Object.fromEntries(Object.entries(lhr.categories).map(([id, c]) => [id, Math.round(c.score * 100)])),
    metrics: {
      FCP: lhr.audits['first-contentful-paint'].numericValue,
      LCP: lhr.audits['largest-contentful-paint'].numericValue,
      TBT: lhr.audits['total-blocking-time'].numericValue,
      CLS: lhr.audits['cumulative-layout-shift'].numericValue,
      SI: lhr.audits['speed-index'].numericValue,
    },
    // Lighthouse 13 names the LCP element in its LCP breakdown insight (a list: the subparts table, then the node).
    lcpElement: lhr.audits['lcp-breakdown-insight']?.details?.items?.find((item) => item.type === 'node')?.snippet ?? 'n/a',
    consoleErrors: (lhr.audits['errors-in-console'].details?.items ?? []).map((item) => `${item.source}: ${item.description}`),
    // What blocks the main thread (Lighthouse's long tasks, simulated: 4× slowdown on mobile): where TBT comes from.
    longTasks: (lhr.audits['long-tasks']?.details?.items ?? []).map((task) => ({ url: task.url, startTime: task.startTime, duration: task.duration })),
    scripts: scripts.map((s) => ({ href: s.url, url: new URL(s.url).pathname, transfer: s.transferSize, size: s.resourceSize })),
    failed: Object.values(lhr.audits).filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'manual').map((a) => a.id),
  };
}

async function main() {
  if (!values['no-build']) for (const ws of ['mfe-marketing', 'mfe-docs', 'shell']) build(ws);
  const site = await serveFrontends();
  const chrome = await chromeLauncher.launch({ chromeFlags: CHROME_FLAGS, chromePath: process.env.CHROME_PATH });
  const ms = (v) => (v >= 1000 ? `${(v / 1000).toFixed(2)} s` : `${Math.round(v)} ms`);
  try {
    for (const preset of ['mobile', 'desktop']) {
      // Page and floor in turn, so both see the same load on the shared machine.
      const runs = [];
      const floors = [];
      for (let i = 0; i < RUNS; i++) {
        runs.push(await audit(site.url, chrome.port, preset));
        floors.push(await audit(site.floorUrl, chrome.port, preset));
      }
      const categories = Object.keys(runs[0].scores);
      console.log(`\nLighthouse ${preset} (${preset === 'mobile' ? 'simulated slow 4G, 4× CPU slowdown' : 'desktop preset'}), median of ${RUNS} run(s) against ${site.url}`);
      for (const c of categories) console.log(`  ${c.padEnd(16)} ${median(runs.map((r) => r.scores[c]))}   (runs: ${runs.map((r) => r.scores[c]).join(', ')})`);
      const last = runs[runs.length - 1];
      const metric = (list, k) => median(list.map((r) => r.metrics[k]));
      console.log(`  metrics (median): FCP ${ms(metric(runs, 'FCP'))} · LCP ${ms(metric(runs, 'LCP'))} · TBT ${ms(metric(runs, 'TBT'))} · CLS ${metric(runs, 'CLS').toFixed(3)} · SI ${ms(metric(runs, 'SI'))}`);
      console.log(`  TBT per run: ${runs.map((r) => ms(r.metrics.TBT)).join(', ')}`);
      const taskUrl = (url) => (/^https?:/.test(url) ? new URL(url).pathname : url);
      console.log(`  long tasks (last run, start + duration): ${last.longTasks.map((t) => `${taskUrl(t.url)} @${ms(t.startTime)} ${ms(t.duration)}`).join(' · ') || 'none'}`);
      console.log(`  LCP element: ${last.lcpElement}`);
      console.log(`  floor, the same page with no script: performance ${median(floors.map((r) => r.scores.performance))} · FCP ${ms(metric(floors, 'FCP'))} · LCP ${ms(metric(floors, 'LCP'))}`);
      console.log(`  LCP ÷ floor LCP: ${(metric(runs, 'LCP') / metric(floors, 'LCP')).toFixed(2)}×   (per run: ${runs.map((r, i) => (r.metrics.LCP / floors[i].metrics.LCP).toFixed(2)).join(', ')})`);
      if (last.failed.length) console.log(`  audits below 90 (last run): ${last.failed.join(', ')}`);
      for (const error of last.consoleErrors) console.log(`  console: ${error}`);
      if (preset === 'mobile') {
        console.log(`\nJavaScript loaded for ${values.path} (on the wire as served — brotli — and with gzip only):`);
        let gzipTotal = 0;
        for (const s of last.scripts) {
          s.gzip = await gzipBytes(s.href);
          gzipTotal += s.gzip;
          console.log(`  ${kb(s.transfer).padStart(10)}  ${kb(s.gzip).padStart(10)} gzip  ${kb(s.size).padStart(10)} raw  ${s.url}`);
        }
        const total = last.scripts.reduce((sum, s) => sum + s.transfer, 0);
        const raw = last.scripts.reduce((sum, s) => sum + s.size, 0);
        console.log(`  ${kb(total).padStart(10)}  ${kb(gzipTotal).padStart(10)} gzip  ${kb(raw).padStart(10)} raw  TOTAL (${last.scripts.length} files)`);
        if (values.path !== '/') continue;
        const foreign = last.scripts.filter((s) => /^\/mfe\/(studio|gallery|docs)\//.test(s.url));
        console.log(foreign.length ? `  WARNING: the landing loaded other remotes' code: ${foreign.map((s) => s.url).join(', ')}` : '  no studio, gallery or docs code loaded');
      }
    }
  } finally {
    await chrome.kill();
    await site.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) await main();
