/**
 * Catalogue-like photos for the studio's rough edges (issue 21), generated with sharp: a shirt
 * cut out on transparency (transparent pixels stored as black, as many editors write them), and
 * model photos of a person standing in a lit studio, each with its own file name.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';

/** The shirt's colour (the cut-out garment keeps it; everything around it is transparent). */
export const SHIRT = { r: 21, g: 101, b: 192 };

const shirtSvg = (width, height, fill) => `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 1200 1600">
  <defs><linearGradient id="cloth" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="rgb(${fill.r + 20},${fill.g + 20},${fill.b + 20})"/><stop offset="1" stop-color="rgb(${fill.r},${fill.g},${fill.b})"/>
  </linearGradient></defs>
  <path d="M350 350 L500 280 Q600 340 700 280 L850 350 L980 560 L860 630 L820 560 L820 1250 L380 1250 L380 560 L340 630 L220 560 Z" fill="url(#cloth)"/>
  <path d="M500 280 Q600 380 700 280" stroke="rgb(10,60,120)" stroke-width="14" fill="none"/>
  <line x1="600" y1="380" x2="600" y2="1240" stroke="rgb(10,60,120)" stroke-width="4" stroke-dasharray="2 40"/>
</svg>`;

/**
 * A PNG garment cut out on transparency: RGBA where every pixel outside the shirt is (0, 0, 0, 0),
 * so a tool that drops the alpha channel shows black there.
 */
export async function writeCutOutGarment(dir, file = 'shirt-cutout.png', { width = 1200, height = 1600 } = {}) {
  const target = path.join(dir, file);
  const { data, info } = await sharp({ create: { width, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([{ input: Buffer.from(shirtSvg(width, height, SHIRT)) }])
    .raw()
    .toBuffer({ resolveWithObject: true });
  // transparent pixels stored as black, whatever the compositor left in their colour channels
  for (let i = 0; i < data.length; i += 4) if (data[i + 3] === 0) data[i] = data[i + 1] = data[i + 2] = 0;
  await sharp(data, { raw: info }).png().toFile(target);
  return target;
}

const personSvg = (width, height, { shirt, trousers, skin, background }) => `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 600 800" preserveAspectRatio="xMidYMid slice">
  <defs>
    <radialGradient id="light" cx="0.5" cy="0.35" r="0.8"><stop offset="0" stop-color="${background[0]}"/><stop offset="1" stop-color="${background[1]}"/></radialGradient>
  </defs>
  <rect width="600" height="800" fill="url(#light)"/>
  <ellipse cx="300" cy="770" rx="160" ry="18" fill="rgba(0,0,0,0.18)"/>
  <circle cx="300" cy="120" r="52" fill="${skin}"/>
  <path d="M248 100 Q300 40 352 100 L352 86 Q300 50 248 86 Z" fill="#3b2a20"/>
  <rect x="284" y="166" width="32" height="30" fill="${skin}"/>
  <path d="M210 200 Q300 180 390 200 L420 420 L380 430 L372 300 L372 470 L228 470 L228 300 L220 430 L180 420 Z" fill="${shirt}"/>
  <rect x="232" y="470" width="62" height="290" rx="14" fill="${trousers}"/>
  <rect x="306" y="470" width="62" height="290" rx="14" fill="${trousers}"/>
  <circle cx="195" cy="438" r="16" fill="${skin}"/><circle cx="405" cy="438" r="16" fill="${skin}"/>
  <ellipse cx="262" cy="768" rx="36" ry="12" fill="#222"/><ellipse cx="338" cy="768" rx="36" ry="12" fill="#222"/>
</svg>`;

const LOOKS = [
  { shirt: '#e8e2d4', trousers: '#2f3a4f', skin: '#d9a47e', background: ['#f4f1ec', '#c9c3b8'] },
  { shirt: '#7a2e3a', trousers: '#1d1d1f', skin: '#8d5a3c', background: ['#e9eef2', '#9fb0bf'] },
  { shirt: '#3f6b4a', trousers: '#c7b79a', skin: '#f0c8a8', background: ['#fbf7f0', '#d8cbb4'] },
  { shirt: '#22223a', trousers: '#6b6b6b', skin: '#c68e62', background: ['#f0ece8', '#bdb3aa'] },
];

/** A model photo: a person in a lit studio, as JPEG or PNG (optionally cut out on transparency stored as black). */
export async function writeModelPhoto(dir, file, { width = 900, height = 1200, look = 0, cutOut = false } = {}) {
  const target = path.join(dir, file);
  const style = LOOKS[look % LOOKS.length];
  const svg = Buffer.from(personSvg(width, height, cutOut ? { ...style, background: ['rgba(0,0,0,0)', 'rgba(0,0,0,0)'] } : style));
  if (cutOut) {
    const { data, info } = await sharp({ create: { width, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite([{ input: svg }])
      .raw()
      .toBuffer({ resolveWithObject: true });
    for (let i = 0; i < data.length; i += 4) if (data[i + 3] === 0) data[i] = data[i + 1] = data[i + 2] = 0;
    await sharp(data, { raw: info }).png().toFile(target);
    return target;
  }
  const image = sharp(svg).resize(width, height);
  await (file.endsWith('.png') ? image.png() : image.jpeg({ quality: 88 })).toFile(target);
  return target;
}

/** A folder of photos for one test; `cleanup` removes it. */
export function photoFolder() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vton-seller-'));
  return { dir, file: (name) => path.join(dir, name), cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** RGB of one pixel of an image's bytes (x, y as fractions of its size). */
export async function pixelAt(bytes, fx, fy) {
  const image = sharp(bytes).removeAlpha();
  const { width, height } = await image.metadata();
  const x = Math.min(width - 1, Math.round(fx * (width - 1)));
  const y = Math.min(height - 1, Math.round(fy * (height - 1)));
  const { data } = await sharp(bytes).flatten({ background: '#ff00ff' }).extract({ left: x, top: y, width: 1, height: 1 }).raw().toBuffer({ resolveWithObject: true });
  return { r: data[0], g: data[1], b: data[2] };
}
