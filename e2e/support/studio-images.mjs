/**
 * Test photos for the studio journey, generated with sharp: a garment on a light background
 * and model photos of one flat grey, so painted mask pixels are easy to tell apart on screen.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';

/** The flat colour of the model photos (the mask shows in lime over it). */
export const MODEL_GREY = { r: 60, g: 60, b: 60 };

export async function writeStudioImages() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vton-studio-'));
  const garment = path.join(dir, 'garment.png');
  const shirt = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1600">
      <path d="M350 350 L500 280 L700 280 L850 350 L980 560 L860 630 L820 560 L820 1250 L380 1250 L380 560 L340 630 L220 560 Z" fill="#c2185b"/>
    </svg>`,
  );
  await sharp({ create: { width: 1200, height: 1600, channels: 3, background: { r: 244, g: 244, b: 240 } } })
    .composite([{ input: shirt }])
    .png()
    .toFile(garment);

  const models = [
    { file: 'model-a.jpg', width: 1200, height: 1600, format: 'jpeg' },
    { file: 'model-b.png', width: 1600, height: 1200, format: 'png' },
    { file: 'model-4k.jpg', width: 3840, height: 2160, format: 'jpeg' },
  ];
  for (const model of models) {
    model.path = path.join(dir, model.file);
    const image = sharp({ create: { width: model.width, height: model.height, channels: 3, background: MODEL_GREY } });
    await image[model.format]().toFile(model.path);
  }
  return { dir, garment, models, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
