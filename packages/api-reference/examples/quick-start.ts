// The quick start in TypeScript, with a client typed from the API's OpenAPI document:
//   npx openapi-typescript "$VTON_URL/api/openapi.json" -o vton-api.d.ts
//   npm install openapi-fetch
import createClient from 'openapi-fetch';
import { readFile, writeFile } from 'node:fs/promises';
import type { paths } from './vton-api';

const baseUrl = process.env.VTON_URL!;
const api = createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${process.env.VTON_API_KEY}` } });

/** A multipart body with one file per field. */
async function files(fields: Record<string, string>): Promise<FormData> {
  const form = new FormData();
  for (const [field, file] of Object.entries(fields)) form.append(field, new Blob([await readFile(file)]), file);
  return form;
}

function check<T>(result: { data?: T; error?: { message: string } }, step: string): T {
  if (result.data === undefined) throw new Error(`${step}: ${result.error?.message ?? 'no answer'}`);
  return result.data;
}

export async function quickStart(): Promise<string> {
  const upload = await files({ file: 'garment.jpg' });
  const garment = check(await api.POST('/api/garments', { body: { file: 'garment.jpg' }, bodySerializer: () => upload }), 'Upload the garment');

  const side = Math.min(garment.width, garment.height);
  check(
    await api.POST('/api/garments/{id}/crop', {
      params: { path: { id: garment.id } },
      body: { x: Math.floor((garment.width - side) / 2), y: Math.floor((garment.height - side) / 2), width: side, height: side, naturalWidth: garment.width, naturalHeight: garment.height },
    }),
    'Crop the garment',
  );

  const photos = await files({ files: 'model.jpg' });
  const [model] = check(await api.POST('/api/models', { body: { files: ['model.jpg'] }, bodySerializer: () => photos }), 'Upload the model photo');

  const mask = await files({ mask: 'mask.png' });
  check(await api.POST('/api/models/{id}/mask', { params: { path: { id: model.id } }, body: { mask: 'mask.png' }, bodySerializer: () => mask }), 'Send the mask');

  let job = check(await api.POST('/api/try-on/jobs', { body: { garmentId: garment.id, modelIds: [model.id], prompt: 'fitted cotton t-shirt, soft studio light' } }), 'Start the try-on');

  // A webhook (job.completed) tells you when it is done; without one, ask.
  while (job.status === 'running') {
    await new Promise((resolve) => setTimeout(resolve, 3000));
    job = check(await api.GET('/api/try-on/jobs/{id}', { params: { path: { id: job.id } } }), 'Read the job');
  }
  const result = job.models[0].result;
  if (!result) throw new Error(`The try-on failed: ${job.models[0].error?.message}`);

  // Result URLs are signed: no key needed.
  const png = await fetch(new URL(result.imageUrl, baseUrl));
  await writeFile('result.png', new Uint8Array(await png.arrayBuffer()));
  return result.imageUrl;
}
