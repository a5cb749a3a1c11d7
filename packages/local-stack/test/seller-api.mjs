import sharp from 'sharp';
import { newSeller } from './seller-token.mjs';

const png = (width, height, background) => sharp({ create: { width, height, channels: 3, background } }).png().toBuffer();
const file = (bytes) => new Blob([new Uint8Array(bytes)], { type: 'image/png' });

/**
 * A new seller on a running stack and their API client: `api(method, path, body?, headers?)` sends
 * JSON or a FormData with the seller's token and answers `{ body, requestId }`; a non-OK answer throws.
 * Also the seller's e-mail and password, to sign in again.
 * @param {{ url: string, inboxUrl: string }} stack
 */
export async function sellerApi(stack) {
  const { email, password, token } = await newSeller(stack);
  /** @type {(method: string, url: string, body?: unknown, headers?: Record<string, string>) => Promise<{ body: any, requestId: string | null }>} */
  const api = async (method, url, body, headers = {}) => {
    const res = await fetch(`${stack.url}${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}), ...headers },
      body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
    return { body: await res.json(), requestId: res.headers.get('x-request-id') };
  };
  return { email, password, token, api };
}

/** What a try-on needs, as the studio leaves it: a garment cropped whole and a model photo with its mask. */
export async function tryOnInputs(api) {
  const upload = new FormData();
  upload.set('file', file(await png(800, 800, '#f4f4f4')), 'garment.png');
  const { body: garment } = await api('POST', '/api/garments', upload);
  await api('POST', `/api/garments/${garment.id}/crop`, { x: 0, y: 0, width: 800, height: 800, naturalWidth: 800, naturalHeight: 800 });
  const photo = new FormData();
  photo.set('files', file(await png(600, 800, '#c49678')), 'model.png');
  const { body: [model] } = await api('POST', '/api/models', photo);
  const maskPng = await sharp({ create: { width: 600, height: 800, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([{ input: { create: { width: 300, height: 400, channels: 4, background: '#00ff00' } }, left: 150, top: 200 }])
    .png()
    .toBuffer();
  const mask = new FormData();
  mask.set('mask', file(maskPng), 'mask.png');
  await api('POST', `/api/models/${model.id}/mask`, mask);
  return { garment, model };
}
