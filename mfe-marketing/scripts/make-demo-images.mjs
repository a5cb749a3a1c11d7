/**
 * Makes the landing page's before/after demo: a synthetic model photo and a garment photo drawn
 * with sharp, then the try-on itself the way the product composes one — the garment fitted to the
 * painted mask's bounds, cut by the mask and shaded by the model photo's folds. No outside files.
 *
 *   npm run demo:images -w mfe-marketing   → public/demo/demo-{model,garment,result}.webp
 *
 * sharp is resolved from the workspace root (installed there for the e2e suite's fixtures).
 */
import path from 'node:path';
import sharp from 'sharp';

// Served next to remoteEntry.js (public/ is copied into dist), so they stay out of the JS chunks.
const OUT = path.join(import.meta.dirname, '..', 'public', 'demo');
const W = 480;
const H = 600;
const GARMENT_SIZE = 480;

/** The painted mask: where the garment goes on the model photo (shirt, sleeves included). */
const SHIRT_PATH = 'M168 206 Q240 188 312 206 L366 246 L344 300 L318 282 L320 404 L160 404 L162 282 L136 300 L114 246 Z';
const SHIRT_BOUNDS = { left: 114, top: 188, width: 252, height: 216 };
const NECKLINE = '<ellipse cx="240" cy="200" rx="26" ry="16" fill="#e0b28f"/>';

function modelSvg({ shirt }) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <defs>
    <linearGradient id="backdrop" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#ece7df"/><stop offset="1" stop-color="#cbc3b7"/>
    </linearGradient>
    <radialGradient id="light" cx="0.35" cy="0.25" r="0.8">
      <stop offset="0" stop-color="#ffffff" stop-opacity="0.55"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="${W}" height="${H}" fill="url(#backdrop)"/>
  <rect width="${W}" height="${H}" fill="url(#light)"/>
  <ellipse cx="240" cy="588" rx="150" ry="14" fill="#000" opacity="0.12"/>
  <!-- legs -->
  <path d="M164 396 L316 396 L306 590 L252 590 L240 470 L228 590 L174 590 Z" fill="#2b3147"/>
  <!-- arms -->
  <path d="M116 250 L142 296 L128 430 Q118 446 106 430 L98 300 Z" fill="#e0b28f"/>
  <path d="M364 250 L338 296 L352 430 Q362 446 374 430 L382 300 Z" fill="#d6a681"/>
  <!-- neck and head -->
  <rect x="224" y="150" width="32" height="52" rx="10" fill="#d6a681"/>
  <ellipse cx="240" cy="124" rx="38" ry="46" fill="#e0b28f"/>
  <path d="M202 118 Q200 70 242 72 Q282 72 280 120 Q272 92 240 94 Q212 94 202 118 Z" fill="#3a2a20"/>
  ${shirt}
  ${NECKLINE}
</svg>`;
}

/** The plain shirt of the model photo, with the folds that shade any garment placed on it. */
const PLAIN_SHIRT = `<path d="${SHIRT_PATH}" fill="#d9d9df"/>`;
const FOLDS = `<g fill="none" stroke="#000" stroke-linecap="round">
  <path d="M196 250 Q210 310 198 396" stroke-width="10" opacity="0.10"/>
  <path d="M284 250 Q272 320 286 396" stroke-width="12" opacity="0.12"/>
  <path d="M214 360 Q240 372 268 358" stroke-width="6" opacity="0.10"/>
  <path d="M150 262 L160 286" stroke-width="6" opacity="0.12"/>
  <path d="M330 262 L320 286" stroke-width="6" opacity="0.12"/>
</g>`;

/** A flat-lay garment photo: the same cut, violet with a lime chest stripe, on a white square. */
function garmentSvg() {
  const s = GARMENT_SIZE / SHIRT_BOUNDS.width * 0.8;
  const dx = (GARMENT_SIZE - SHIRT_BOUNDS.width * s) / 2 - SHIRT_BOUNDS.left * s;
  const dy = (GARMENT_SIZE - SHIRT_BOUNDS.height * s) / 2 - SHIRT_BOUNDS.top * s;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${GARMENT_SIZE}" height="${GARMENT_SIZE}">
  <defs>
    <linearGradient id="fabric" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#8b6cff"/><stop offset="1" stop-color="#5b3fd6"/>
    </linearGradient>
    <clipPath id="cut"><path d="${SHIRT_PATH}"/></clipPath>
  </defs>
  <rect width="100%" height="100%" fill="#ffffff"/>
  <g transform="translate(${dx} ${dy}) scale(${s})">
    <path d="${SHIRT_PATH}" fill="#000" opacity="0.08" transform="translate(4 6)"/>
    <g clip-path="url(#cut)">
      <rect x="100" y="180" width="280" height="240" fill="url(#fabric)"/>
      <rect x="100" y="262" width="280" height="22" fill="#c6f432"/>
      <rect x="100" y="292" width="280" height="6" fill="#c6f432" opacity="0.8"/>
      <circle cx="270" cy="236" r="12" fill="#ffffff" opacity="0.9"/>
    </g>
    <ellipse cx="240" cy="200" rx="26" ry="16" fill="#ffffff"/>
  </g>
</svg>`;
}

async function main() {
  const garmentPng = await sharp(Buffer.from(garmentSvg())).png().toBuffer();
  const model = await sharp(Buffer.from(modelSvg({ shirt: PLAIN_SHIRT + FOLDS }))).png().toBuffer();

  // Try-on: the garment's shirt area, fitted to the mask's bounds on the model photo…
  const s = GARMENT_SIZE / SHIRT_BOUNDS.width * 0.8;
  const garmentInBounds = await sharp(garmentPng)
    .extract({
      left: Math.round((GARMENT_SIZE - SHIRT_BOUNDS.width * s) / 2),
      top: Math.round((GARMENT_SIZE - SHIRT_BOUNDS.height * s) / 2),
      width: Math.round(SHIRT_BOUNDS.width * s),
      height: Math.round(SHIRT_BOUNDS.height * s),
    })
    .resize(SHIRT_BOUNDS.width, SHIRT_BOUNDS.height)
    .toBuffer();
  // …cut by the mask…
  const mask = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><path d="${SHIRT_PATH}" fill="#fff"/></svg>`);
  const placed = await sharp({ create: { width: W, height: H, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([
      { input: garmentInBounds, left: SHIRT_BOUNDS.left, top: SHIRT_BOUNDS.top },
      { input: mask, blend: 'dest-in' },
    ])
    .png()
    .toBuffer();
  // …and shaded by the model photo's folds, with the neckline kept in front.
  const shading = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><defs><clipPath id="m"><path d="${SHIRT_PATH}"/></clipPath></defs><g clip-path="url(#m)">${FOLDS}</g>${NECKLINE}</svg>`);
  const result = await sharp(model).composite([{ input: placed }, { input: shading }]).png().toBuffer();

  const webp = { quality: 78, effort: 6 };
  // Full size for large screens and high-density displays, half size for phones (srcset).
  await sharp(model).webp(webp).toFile(path.join(OUT, 'demo-model.webp'));
  await sharp(model).resize(W / 2).webp(webp).toFile(path.join(OUT, 'demo-model-240.webp'));
  await sharp(garmentPng).resize(240, 240).webp(webp).toFile(path.join(OUT, 'demo-garment.webp'));
  await sharp(result).webp(webp).toFile(path.join(OUT, 'demo-result.webp'));
  await sharp(result).resize(W / 2).webp(webp).toFile(path.join(OUT, 'demo-result-240.webp'));
  console.log(`wrote the demo images to ${path.relative(process.cwd(), OUT)}`);
}

await main();
