#!/usr/bin/env node
/**
 * Build step of the shell (after webpack): renders the public pages — the marketing pages, the
 * 404 page and every documentation article — to static HTML inside the shell's layout, with the
 * remotes' own components from their server builds (`mfe-<scope>/dist-server/index.mjs`, built by
 * `npm run build` of each remote, which the shell's build therefore follows).
 *
 * Writes into dist/: `index.html` (/), `<path>/index.html` for every other page, `404.html`,
 * `shell.html` (the page the browser renders itself: /app, /auth, …) and `pages.json`, which
 * tells the static server which is which. The browser hydrates each page (bootstrap.tsx).
 * No inline executable script is written: the pages carry only the bundle's <script src> tags
 * and the JSON-LD data block of the template.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

process.env.NODE_ENV = 'production';

const shellDir = path.resolve(import.meta.dirname, '..');
const repoRoot = path.resolve(shellDir, '..');
const dist = path.join(shellDir, 'dist');

/** Remotes whose pages are prerendered, and where each is served (its entry is preloaded). */
const PRERENDERED_REMOTES = [
  { scope: 'marketing', app: 'mfe-marketing', entry: '/mfe/marketing/remoteEntry.js' },
  { scope: 'docs', app: 'mfe-docs', entry: '/mfe/docs/remoteEntry.js', mount: '/docs/*' },
];
/** Rendered as the 404 page: a path no route claims. */
const NOT_FOUND_PROBE = '/404';
/**
 * Pages whose app code loads on interaction or idleness instead of at once (scripts/deferred-boot.js):
 * the landing page, which is whole as HTML and is where a phone's first visit lands (issue 35).
 */
const DEFERRED_BOOT = new Set(['/']);
/**
 * Without an interaction, the deferred boot loads the app once the visitor has left the page alone
 * this long after the load event (then when the browser is idle). Its scripts' evaluation and the
 * hydration are long tasks on a phone (~300 ms of them under Lighthouse's 4× slowdown); loaded at
 * once after the load event they fell inside the page's load and were most of its Total Blocking Time
 * (75–245 ms, BENCHMARKS.md issue 35). A visitor who taps, types or focuses sooner boots it at once.
 */
const DEFERRED_BOOT_IDLE_MS = 3000;

async function importBuild(file, hint) {
  if (!fs.existsSync(file)) throw new Error(`${path.relative(repoRoot, file)} is missing: ${hint}`);
  return import(pathToFileURL(file).href);
}

const escapeHtml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function setMeta(html, attribute, key, value) {
  const pattern = new RegExp(`(<meta\\s+${attribute}="${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"\\s+content=")[^"]*(")`);
  return html.replace(pattern, `$1${escapeHtml(value)}$2`);
}

function withTitle(template, title) {
  let html = template.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`);
  html = setMeta(html, 'property', 'og:title', title);
  return setMeta(html, 'name', 'twitter:title', title);
}

function pageFile(urlPath) {
  if (urlPath === '/') return 'index.html';
  return path.join(...urlPath.split('/').filter(Boolean), 'index.html');
}

/** scripts/deferred-boot.js into dist under a content-hashed name (cached for good); answers its URL. */
function writeDeferredBoot() {
  const source = fs.readFileSync(path.join(shellDir, 'scripts', 'deferred-boot.js'));
  const name = `deferred-boot.${createHash('sha256').update(source).digest('hex').slice(0, 8)}.js`;
  fs.writeFileSync(path.join(dist, name), source);
  return `/${name}`;
}

/** The template's bundle tag replaced by the deferred boot, which loads that bundle later. */
function withDeferredBoot(html, bootUrl) {
  const tags = html.match(/<script defer="defer" src="[^"]+"><\/script>/g) ?? [];
  if (tags.length !== 1) throw new Error(`expected the template to carry one bundle <script>, found ${tags.length}`);
  const bundle = /src="([^"]+)"/.exec(tags[0])[1];
  return html.replace(tags[0], `<script defer="defer" src="${bootUrl}" data-boot="${bundle}" data-idle-ms="${DEFERRED_BOOT_IDLE_MS}"></script>`);
}

async function main() {
  const templatePath = path.join(dist, 'index.html');
  const template = fs.readFileSync(templatePath, 'utf8');
  if (!template.includes('<div id="root"></div>')) throw new Error('dist/index.html is not the fresh webpack template (run webpack first)');

  const shell = await importBuild(path.join(shellDir, 'dist-server/index.mjs'), 'run webpack for the shell first');
  const remotes = {};
  const pages = [];
  /** Client routes: a remote that lists all its pages (`clientPaths`) gives them instead of its whole mount point. */
  let clientRoutes = [...shell.CLIENT_ROUTES];
  for (const remote of PRERENDERED_REMOTES) {
    const build = await importBuild(path.join(repoRoot, remote.app, 'dist-server/index.mjs'), `build ${remote.app} before the shell`);
    remotes[remote.scope] = build;
    for (const urlPath of build.prerenderPaths ?? []) pages.push({ urlPath, file: pageFile(urlPath), remote });
    if (build.clientPaths && remote.mount) clientRoutes = [...clientRoutes.filter((route) => route !== remote.mount), ...build.clientPaths];
  }
  pages.push({ urlPath: NOT_FOUND_PROBE, file: '404.html', remote: PRERENDERED_REMOTES[0] });
  shell.provideRemotes(remotes);

  // The page the browser renders itself keeps the template as built, with the product's name.
  fs.writeFileSync(path.join(dist, 'shell.html'), withTitle(template, 'VTON Studio'));

  const deferredBoot = writeDeferredBoot();
  for (const page of pages) {
    const { html, headTags, title } = await shell.renderPage(page.urlPath);
    if (/<script/i.test(html)) throw new Error(`${page.urlPath}: the rendered page contains a <script>; prerendered pages carry none`);
    const deferred = DEFERRED_BOOT.has(page.urlPath);
    // A deferred page neither runs the bundle nor preloads the remote before it has painted.
    const document = (deferred ? withDeferredBoot(withTitle(template, title), deferredBoot) : withTitle(template, title))
      .replace('</head>', `${deferred ? '' : `<link rel="preload" as="script" href="${page.remote.entry}" />`}${headTags}</head>`)
      // the 404 page is served for any unknown path: the browser then shows it there too (bootstrap.tsx)
      .replace('<div id="root"></div>', `<div id="root" data-prerendered="true"${page.file === '404.html' ? ' data-not-found="true"' : ''}>${html}</div>`);
    const target = path.join(dist, page.file);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, document);
  }

  const manifest = { fallback: 'shell.html', notFound: '404.html', clientRoutes };
  fs.writeFileSync(path.join(dist, 'pages.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(`prerendered ${pages.length} pages: ${pages.map((p) => p.urlPath).join(' ')}`);
}

await main();
