import type { AddressInfo } from 'node:net';
import sharp, { type Color } from 'sharp';
import { createEngineServer } from './server.js';

const S = 960;
const SKIN = { r: 200, g: 160, b: 130 };
const BLUE = [30, 60, 200];
const MASK = { left: 350, top: 300, width: 260, height: 300 };

const block = (width: number, height: number, background: Color) => sharp({ create: { width, height, channels: 3, background } }).png().toBuffer();

async function inputs() {
  const person = await sharp(await block(S, S, '#ffffff')).composite([{ input: await block(300, 700, SKIN), left: 330, top: 200 }]).png().toBuffer();
  const garment = await sharp(await block(S, S, '#f6f6f6')).composite([{ input: await block(500, 600, { r: BLUE[0], g: BLUE[1], b: BLUE[2] }), left: 230, top: 180 }]).png().toBuffer();
  const mask = await sharp(await block(S, S, '#000000')).composite([{ input: await block(MASK.width, MASK.height, '#ffffff'), ...MASK }]).png().toBuffer();
  return { person, garment, mask };
}

describe('the local compositor (POST /v1/try-on)', () => {
  const server = createEngineServer({ log: () => {} });
  let url: string;

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const form = async (omit?: string, category?: string) => {
    const { person, garment, mask } = await inputs();
    const body = new FormData();
    body.set('prompt', 'blue top');
    if (category !== undefined) body.set('category', category);
    body.set('width', '960');
    body.set('height', '960');
    const files: [string, Buffer, string][] = [['target_image', person, 'model.png'], ['reference_image', garment, 'garment.png'], ['mask_image', mask, 'mask.png']];
    for (const [field, bytes, name] of files) if (field !== omit) body.set(field, new Blob([new Uint8Array(bytes)], { type: 'image/png' }), name);
    return body;
  };

  it('answers a 960×960 PNG with the garment’s colours inside the mask and the person untouched outside it', async () => {
    const res = await fetch(`${url}/v1/try-on`, { method: 'POST', body: await form() });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    // It says what it is: the worker records the result as the built-in engine's preview.
    expect(res.headers.get('x-vton-engine')).toBe('built-in');
    const png = Buffer.from(await res.arrayBuffer());
    const meta = await sharp(png).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 960, 960]);

    const { data } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const px = (x: number, y: number) => [...data.subarray((y * S + x) * 3, (y * S + x) * 3 + 3)];
    // Mean colour well inside the mask is the garment's; outside it the target is unchanged.
    const sum = [0, 0, 0];
    let n = 0;
    for (let y = MASK.top + 20; y < MASK.top + MASK.height - 20; y += 4) {
      for (let x = MASK.left + 20; x < MASK.left + MASK.width - 20; x += 4, n++) px(x, y).forEach((v, c) => (sum[c] += v));
    }
    sum.forEach((v, c) => expect(Math.abs(v / n - BLUE[c])).toBeLessThan(12));
    expect(px(480, 240)).toEqual([SKIN.r, SKIN.g, SKIN.b]);
    expect(px(50, 50)).toEqual([255, 255, 255]);
  });

  it('refuses a call without one of the three files, or that is not multipart', async () => {
    const res = await fetch(`${url}/v1/try-on`, { method: 'POST', body: await form('mask_image') });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe('Missing file mask_image');
    expect((await fetch(`${url}/v1/try-on`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } })).status).toBe(415);
  });

  it('takes a category beside §7’s fields (a product is placed, not worn), and refuses one it does not know', async () => {
    const product = await fetch(`${url}/v1/try-on`, { method: 'POST', body: await form(undefined, 'product') });
    expect(product.status).toBe(200);
    const refused = await fetch(`${url}/v1/try-on`, { method: 'POST', body: await form(undefined, 'hat') });
    expect(refused.status).toBe(400);
    expect((await refused.json()).message).toBe('category must be one of upper_body, lower_body, full_body, product');
  });

  it('answers its health check, and 404 elsewhere', async () => {
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    expect((await fetch(`${url}/v2/other`)).status).toBe(404);
  });
});
