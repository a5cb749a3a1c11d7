import crypto from 'node:crypto';
import fs from 'node:fs';

/**
 * The security headers of every frontend response, in one place. HTML pages get a strict
 * Content-Security-Policy built from the page itself:
 *
 * - script-src: 'self' (the app's bundles, module-federation remote entries and chunks are all
 *   same-origin files) plus the SHA-256 of each inline script the page carries, computed here
 *   from the file, so a page with an inline bootstrap or a prerendered page hydrates while an
 *   injected <script> cannot run. No 'unsafe-inline', no 'unsafe-eval' (the production builds
 *   use neither eval nor new Function). 'wasm-unsafe-eval' lets the page compile WebAssembly
 *   (the studio's on-device pose model for suggested masks, fetched from our own origin); it
 *   allows no JavaScript eval. Data blocks such as <script type="application/ld+json">
 *   are never executed, so they need no hash.
 * - style-src 'self' 'unsafe-inline': styled-components writes its rules into <style> tags at run
 *   time (and a prerendered page carries them inline), and React sets style attributes. A style
 *   cannot run script, the token lives in localStorage (which CSS cannot read), and every
 *   request a style could make is held to our own origin by img-src/font-src/connect-src; a
 *   per-request nonce would instead make every page uncacheable.
 * - img-src/connect-src also allow data: and blob: (the studio's canvases, uploads and downloads
 *   work on local object URLs); frame-ancestors 'none' (never framed, no clickjacking);
 *   object-src and base-uri 'none'; form-action 'self'.
 *
 * Every response: X-Content-Type-Options nosniff, Referrer-Policy strict-origin-when-cross-origin,
 * X-Frame-Options DENY (older browsers), and Strict-Transport-Security when HSTS_MAX_AGE_SECONDS
 * is set (Kubernetes, where TLS ends at the ingress in front).
 */
export function createSecurityHeaders({ hstsMaxAgeSeconds = Number(process.env.HSTS_MAX_AGE_SECONDS ?? 0) } = {}) {
  const common = {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    ...(hstsMaxAgeSeconds > 0 ? { 'strict-transport-security': `max-age=${hstsMaxAgeSeconds}; includeSubDomains` } : {}),
  };
  const policies = new Map();

  /** The headers for `file` (its stat tells a changed file apart). */
  return function securityHeaders(file, stat) {
    if (!file.endsWith('.html')) return common;
    const key = `${file}:${stat.size}:${stat.mtimeMs}`;
    let policy = policies.get(key);
    if (!policy) {
      policy = contentSecurityPolicy(fs.readFileSync(file, 'utf8'));
      policies.set(key, policy);
    }
    return { ...common, 'content-security-policy': policy };
  };
}

const DATA_BLOCK_TYPES = /^(application\/(ld\+)?json|application\/importmap\+json|text\/template|text\/plain)$/i;

/** The SHA-256 sources of the inline scripts a browser would run in `html`. */
export function inlineScriptHashes(html) {
  const hashes = [];
  for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (/\ssrc\s*=/i.test(` ${attributes}`)) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]+)/i.exec(` ${attributes}`)?.[1];
    if (type && DATA_BLOCK_TYPES.test(type)) continue;
    hashes.push(`'sha256-${crypto.createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...new Set(hashes)];
}

export function contentSecurityPolicy(html) {
  return [
    "default-src 'self'",
    `script-src ${["'self'", "'wasm-unsafe-eval'", ...inlineScriptHashes(html)].join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self' data: blob:",
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
