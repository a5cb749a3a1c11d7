import type { ModelPhotoRecord } from '@vton/contracts';
import http from 'node:http';
import sharp from 'sharp';
import { bearer, jpeg, mask, NO_ROWS, pixel, png, pngClaiming, solid, startedHarness, TEST_MAX_UPLOAD_BYTES, TEST_MAX_UPLOAD_REQUEST_BYTES, truncatedPng, type Seller } from './helpers.js';

/** A key of one mask attempt: `<id>-<variant>.v<version>.png`. */
const VERSIONED = '\\.v[0-9a-z]+\\.png';

describe('model photos and masks (real Postgres, S3 server, svc-auth tokens)', () => {
  const h = startedHarness();
  let seller: Seller;
  beforeEach(async () => {
    seller = await h.seller();
  });

  const uploadModels = (who: Seller, files: [Buffer, string][]) => {
    const req = h.http().post('/api/models').set(bearer(who));
    for (const [bytes, name] of files) req.attach('files', bytes, name);
    return req;
  };
  const oneModel = async (who: Seller, bytes: Buffer, name = 'model.jpg'): Promise<ModelPhotoRecord> =>
    (await uploadModels(who, [[bytes, name]]).expect(201)).body[0];
  const sendMask = (who: Seller, id: number, bytes: Buffer, category?: string) => {
    const request = h.http().post(`/api/models/${id}/mask`).set(bearer(who));
    return (category ? request.field('category', category) : request).attach('mask', bytes, 'mask.png');
  };

  it('stores several photos with thumbnails and lists them, status uploaded', async () => {
    const res = await uploadModels(seller, [[await jpeg(800, 1200), 'a.jpg'], [await png(300, 200), 'b.png']]).expect(201);
    const models = res.body as ModelPhotoRecord[];
    expect(models).toEqual([
      expect.objectContaining({ filename: 'a.jpg', width: 800, height: 1200, status: 'uploaded', inpaint: null }),
      expect.objectContaining({ filename: 'b.png', width: 300, height: 200, status: 'uploaded', inpaint: null }),
    ]);
    expect(models[0].thumbnailUrl).toMatch(new RegExp(`^/api/media/files/${seller.id}/models/${models[0].id}-thumb\\.webp\\?exp=`));
    const thumb = (await h.fetchSigned(models[0].thumbnailUrl).expect(200).expect('content-type', 'image/webp')).body as Buffer;
    expect(await sharp(thumb).metadata()).toMatchObject({ width: 267, height: 400 });

    const list = await h.http().get('/api/models').set(bearer(seller)).expect(200);
    expect(list.body.map((m: ModelPhotoRecord) => m.id)).toEqual(models.map((m) => m.id));
    expect(await h.objectsOf(seller.id)).toHaveLength(4);
    const [{ status }] = await h.query('SELECT status FROM models WHERE id = $1', [models[0].id]);
    expect(status).toBe('uploaded');
  });

  it('stores all or none: one bad photo refuses the batch and removes what was stored', async () => {
    const res = await uploadModels(seller, [[await jpeg(100, 100), 'good.jpg'], [Buffer.from('text'), 'bad.png']]).expect(415);
    expect(res.body.message).toBe('"bad.png" is not a JPG, PNG or WebP image');
    expect(await h.rowsOf(seller.id)).toEqual(NO_ROWS);
    expect(await h.objectsOf(seller.id)).toEqual([]);
  });

  it('refuses with 413 files that together exceed MAX_UPLOAD_REQUEST_BYTES, and stores nothing', async () => {
    // Each file is under the per-file limit; together they are over the per-request one.
    const big = async (colour: string) => Buffer.concat([await png(8, 8, colour), Buffer.alloc(TEST_MAX_UPLOAD_BYTES - 1024 * 1024)]);
    const res = await uploadModels(seller, [[await big('#111111'), 'a.png'], [await big('#222222'), 'b.png']]).expect(413);
    expect(res.body).toMatchObject({
      statusCode: 413,
      code: 'PAYLOAD_TOO_LARGE',
      message: `The files of one upload together are larger than the ${TEST_MAX_UPLOAD_REQUEST_BYTES / (1024 * 1024)} MB limit; send them in smaller batches`,
      requestId: expect.any(String),
    });
    expect(await h.rowsOf(seller.id)).toEqual(NO_ROWS);
    expect(await h.objectsOf(seller.id)).toEqual([]);
  });

  it.each([
    ['a truncated PNG', truncatedPng, 400],
    ['a 20000×20000 pixel flood', () => pngClaiming(20000, 20000), 413],
    ['a 0-byte file', async () => Buffer.alloc(0), 400],
  ] as [string, () => Promise<Buffer>, number][])('refuses %s and leaves nothing behind', async (_what, build, status) => {
    await uploadModels(seller, [[await build(), 'x.png']]).expect(status);
    expect(await h.rowsOf(seller.id)).toEqual(NO_ROWS);
    expect(await h.objectsOf(seller.id)).toEqual([]);
  });

  describe('mask', () => {
    it('crops around the painted area with padding 10, squared with image context, and becomes ready', async () => {
      const model = await oneModel(seller, await png(400, 300, '#3366cc'));
      // Painted 40×20 at (100, 150): padded to 60×40, squared to 60×60 around its centre.
      const res = await sendMask(seller, model.id, await mask(400, 300, [{ left: 100, top: 150, width: 40, height: 20 }])).expect(201);
      expect(res.body).toMatchObject({
        id: model.id,
        status: 'ready',
        inpaint: {
          bounds: { x: 90, y: 130, width: 60, height: 60 },
          croppedImageUrl: expect.stringMatching(new RegExp(`/${seller.id}/models/${model.id}-inpaint-cropped${VERSIONED}\\?`)),
          processedMaskUrl: expect.stringMatching(new RegExp(`/${seller.id}/models/${model.id}-inpaint-mask${VERSIONED}\\?`)),
        },
      });
      expect(res.body.error).toBeUndefined();
      const processed = (await h.fetchSigned(res.body.inpaint.processedMaskUrl).expect(200)).body as Buffer;
      expect(await sharp(processed).metadata()).toMatchObject({ width: 60, height: 60, format: 'png' });
      expect(await pixel(processed, 30, 30)).toEqual([255, 255, 255]);
      expect(await pixel(processed, 5, 5)).toEqual([0, 0, 0]);
      const cropped = (await h.fetchSigned(res.body.inpaint.croppedImageUrl)).body as Buffer;
      expect(await sharp(cropped).metadata()).toMatchObject({ width: 60, height: 60 });
      expect(await pixel(cropped, 30, 30)).toEqual([0x33, 0x66, 0xcc]);

      // svc-generation reads the same files with the user's token.
      const bytes = await h.http().get(`/api/models/${model.id}/files/inpaint-mask`).set(bearer(seller)).buffer(true).expect(200).expect('content-type', 'image/png');
      expect(Buffer.compare(bytes.body as Buffer, processed)).toBe(0);
      await h.http().get(`/api/models/${model.id}/files/inpaint-cropped`).set(bearer(seller)).expect(200);
      await h.http().get(`/api/models/${model.id}/files/original`).set(bearer(seller)).expect(200).expect('content-type', 'image/png');
      // Sent without a category: the upper body mask, listed under it.
      expect(res.body.masks).toEqual({ upper_body: { ...res.body.inpaint, approvedAt: expect.any(String) } });
      const [row] = await h.query('SELECT m.status, k.category, k."inpaintCropBounds", k."inpaintMaskObjectStorageKey" FROM models m JOIN model_masks k ON k."modelId" = m.id WHERE m.id = $1', [model.id]);
      expect(row).toEqual({ status: 'ready', category: 'upper_body', inpaintCropBounds: { x: 90, y: 130, width: 60, height: 60 }, inpaintMaskObjectStorageKey: expect.stringMatching(new RegExp(`^${seller.id}/models/${model.id}-inpaint-mask${VERSIONED}$`)) });
      // The URLs come from the row.
      expect(res.body.inpaint.processedMaskUrl).toContain(`/${row.inpaintMaskObjectStorageKey}?`);
    });

    it('keeps the square inside the photo when the mask touches its edge', async () => {
      const model = await oneModel(seller, await png(300, 200));
      // Painted along the whole left edge, rows 50..99.
      const res = await sendMask(seller, model.id, await mask(300, 200, [{ left: 0, top: 50, width: 30, height: 50 }])).expect(201);
      expect(res.body.inpaint.bounds).toEqual({ x: 0, y: 40, width: 70, height: 70 });
      // A stroke from top to bottom: as tall as the photo, so the square is the photo's height.
      const full = await sendMask(seller, model.id, await mask(300, 200, [{ left: 280, top: 0, width: 20, height: 200 }])).expect(201);
      expect(full.body.inpaint.bounds).toEqual({ x: 100, y: 0, width: 200, height: 200 });
    });

    it('reads an opaque black-and-white mask as well as a transparent one', async () => {
      const model = await oneModel(seller, await png(200, 200));
      const bw = await solid(200, 200, '#000000').composite([{ input: { create: { width: 20, height: 20, channels: 3, background: '#ffffff' } }, left: 50, top: 50 }]).png().toBuffer();
      const res = await sendMask(seller, model.id, bw).expect(201);
      expect(res.body.inpaint.bounds).toEqual({ x: 40, y: 40, width: 40, height: 40 });
    });

    it('an empty mask is a clear 400 and sets the model back to uploaded with the reason', async () => {
      const model = await oneModel(seller, await png(200, 100));
      await sendMask(seller, model.id, await mask(200, 100, [{ left: 10, top: 10, width: 10, height: 10 }])).expect(201);
      const res = await sendMask(seller, model.id, await mask(200, 100, [])).expect(400);
      expect(res.body).toMatchObject({ code: 'INVALID_INPUT', message: 'The mask is empty: paint where the garment goes' });
      const [listed] = (await h.http().get('/api/models').set(bearer(seller)).expect(200)).body as ModelPhotoRecord[];
      expect(listed).toMatchObject({ id: model.id, status: 'uploaded', inpaint: null, error: 'The mask is empty: paint where the garment goes' });
      // The earlier approval's files went with it.
      expect(await h.objectsOf(seller.id)).toEqual([`${seller.id}/models/${model.id}-original.png`, `${seller.id}/models/${model.id}-thumb.webp`]);
      await h.http().get(`/api/models/${model.id}/files/inpaint-mask`).set(bearer(seller)).expect(404);
    });

    it('refuses a mask of another size, a JPEG mask or a corrupt one, each with a reason', async () => {
      const model = await oneModel(seller, await png(200, 100));
      const wrongSize = await sendMask(seller, model.id, await mask(100, 100, [{ left: 0, top: 0, width: 5, height: 5 }])).expect(400);
      expect(wrongSize.body.message).toBe("The mask is 100×100 pixels; it must be the photo's size, 200×100");
      await sendMask(seller, model.id, await jpeg(200, 100, '#ffffff')).expect(415);
      await sendMask(seller, model.id, await truncatedPng()).expect(400);
      await h.http().post(`/api/models/${model.id}/mask`).set(bearer(seller)).expect(400);
      const [row] = await h.query('SELECT status, error FROM models WHERE id = $1', [model.id]);
      expect(row).toEqual({ status: 'uploaded', error: expect.stringContaining('multipart') });
    });

    it('a new mask replaces the files of the previous one: only its own remain', async () => {
      const model = await oneModel(seller, await png(200, 100));
      const first = await sendMask(seller, model.id, await mask(200, 100, [{ left: 10, top: 10, width: 10, height: 10 }])).expect(201);
      const second = await sendMask(seller, model.id, await mask(200, 100, [{ left: 100, top: 40, width: 20, height: 20 }])).expect(201);
      expect(second.body.inpaint.processedMaskUrl).not.toBe(first.body.inpaint.processedMaskUrl);
      const [row] = await h.query('SELECT "inpaintCroppedObjectStorageKey" AS c, "inpaintMaskObjectStorageKey" AS m FROM model_masks WHERE "modelId" = $1', [model.id]);
      expect(await h.objectsOf(seller.id)).toEqual([row.c, row.m, `${seller.id}/models/${model.id}-original.png`, `${seller.id}/models/${model.id}-thumb.webp`].sort());
      await h.fetchSigned(first.body.inpaint.processedMaskUrl).expect(404);
      await h.fetchSigned(second.body.inpaint.processedMaskUrl).expect(200);
    });

    it('a mask that fails while another one for the same model succeeds leaves the model ready with working files', async () => {
      const model = await oneModel(seller, await png(200, 100, '#3366cc'));
      // The failing mask: its request starts (the model is read) and its body arrives only later.
      const boundary = 'concurrent-mask-boundary';
      const slow = http.request(`${h.media.url}/api/models/${model.id}/mask`, {
        method: 'POST',
        headers: { ...bearer(seller), 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
        slow.on('response', (res) => {
          let body = '';
          res.on('data', (chunk) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode!, body }));
        });
        slow.on('error', reject);
      });
      slow.write(`--${boundary}\r\nContent-Disposition: form-data; name="mask"; filename="mask.png"\r\nContent-Type: image/png\r\n\r\n`);
      await new Promise((r) => setTimeout(r, 300));

      // Meanwhile a good mask for the same model succeeds.
      const good = await sendMask(seller, model.id, await mask(200, 100, [{ left: 100, top: 40, width: 20, height: 20 }])).expect(201);
      expect(good.body.status).toBe('ready');

      // The slow one turns out empty and fails.
      slow.end(Buffer.concat([await mask(200, 100, []), Buffer.from(`\r\n--${boundary}--\r\n`)]));
      const failed = await answer;
      expect(failed.status).toBe(400);
      expect(JSON.parse(failed.body).message).toBe('The mask is empty: paint where the garment goes');

      // The successful mask stands, with its files.
      const read = (await h.http().get(`/api/models/${model.id}`).set(bearer(seller)).expect(200)).body as ModelPhotoRecord;
      expect(read).toMatchObject({ status: 'ready', inpaint: { bounds: good.body.inpaint.bounds } });
      expect(read.error).toBeUndefined();
      const processed = (await h.fetchSigned(read.inpaint!.processedMaskUrl).expect(200)).body as Buffer;
      expect(await pixel(processed, 20, 20)).toEqual([255, 255, 255]);
      await h.fetchSigned(read.inpaint!.croppedImageUrl).expect(200);
      await h.http().get(`/api/models/${model.id}/files/inpaint-mask`).set(bearer(seller)).expect(200);
      await h.http().get(`/api/models/${model.id}/files/inpaint-cropped`).set(bearer(seller)).expect(200);
      // Nothing of the failed attempt is left behind.
      expect(await h.objectsOf(seller.id)).toHaveLength(4);
    });

    it('works on a 7680×4320 photo', async () => {
      const model = await oneModel(seller, await jpeg(7680, 4320, '#557799'), '8k.jpg');
      expect(model).toMatchObject({ width: 7680, height: 4320 });
      const res = await sendMask(seller, model.id, await mask(7680, 4320, [{ left: 7000, top: 4000, width: 680, height: 320 }])).expect(201);
      // Padded box 6990..7680 × 3990..4320 (690×330), squared to 690 and shifted inside the photo.
      expect(res.body).toMatchObject({ status: 'ready', inpaint: { bounds: { x: 6990, y: 3630, width: 690, height: 690 } } });
    }, 60_000);
  });

  describe('suggested mask (kept per category until that category\'s mask is approved or it is withdrawn, issues 31 and 32)', () => {
    const keep = (who: Seller, id: number, bytes: Buffer, category?: string) => {
      const request = h.http().put(`/api/models/${id}/suggested-mask`).set(bearer(who));
      return (category ? request.field('category', category) : request).attach('mask', bytes, 'suggested.png');
    };
    const lime = (width: number, height: number) =>
      sharp({ create: { width, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
        .composite([{ input: { create: { width: Math.round(width / 2), height: Math.round(height / 2), channels: 4, background: { r: 163, g: 230, b: 53, alpha: 1 } } }, left: Math.round(width / 4), top: Math.round(height / 4) }])
        .png()
        .toBuffer();

    it('is listed with the photo (a new browser finds it), replaced by the next one, and gone once a mask is approved', async () => {
      const model = await oneModel(seller, await jpeg(3000, 4000));
      expect(model.suggestedMasks).toEqual({});
      const first = (await keep(seller, model.id, await lime(1536, 2048)).expect(200)).body as ModelPhotoRecord;
      expect(first).toMatchObject({ id: model.id, status: 'uploaded', inpaint: null, suggestedMasks: { upper_body: expect.stringMatching(new RegExp(`/${seller.id}/models/${model.id}-suggested-mask${VERSIONED}\\?`)) } });
      const listed = ((await h.http().get('/api/models').set(bearer(seller)).expect(200)).body as ModelPhotoRecord[]).find((m) => m.id === model.id)!;
      expect(await sharp((await h.fetchSigned(listed.suggestedMasks.upper_body!).expect(200).expect('content-type', 'image/png')).body as Buffer).metadata()).toMatchObject({ width: 1536, height: 2048, hasAlpha: true });

      const second = (await keep(seller, model.id, await lime(768, 1024)).expect(200)).body as ModelPhotoRecord;
      expect(second.suggestedMasks.upper_body).not.toBe(first.suggestedMasks.upper_body);
      await h.fetchSigned(first.suggestedMasks.upper_body!).expect(404);
      expect((await h.objectsOf(seller.id)).filter((k) => k.includes('suggested-mask'))).toHaveLength(1);

      const approved = (await sendMask(seller, model.id, await mask(3000, 4000, [{ left: 800, top: 1000, width: 1400, height: 1600 }])).expect(201)).body as ModelPhotoRecord;
      expect(approved.status).toBe('ready');
      expect(approved.suggestedMasks).toEqual({});
      expect((await h.http().get(`/api/models/${model.id}`).set(bearer(seller)).expect(200)).body.suggestedMasks).toEqual({});
      expect((await h.objectsOf(seller.id)).filter((k) => k.includes('suggested-mask'))).toEqual([]);
    });

    it('is kept per category: approving one category\'s mask takes only that category\'s suggestion, withdrawing names its category', async () => {
      const model = await oneModel(seller, await png(400, 300));
      await keep(seller, model.id, await lime(400, 300)).expect(200);
      const both = (await keep(seller, model.id, await lime(200, 150), 'lower_body').expect(200)).body as ModelPhotoRecord;
      expect(Object.keys(both.suggestedMasks).sort()).toEqual(['lower_body', 'upper_body']);
      expect((await h.objectsOf(seller.id)).filter((k) => k.includes('suggested-mask'))).toHaveLength(2);

      // The trousers' mask approved: the top's suggestion still waits.
      const approved = (await sendMask(seller, model.id, await mask(400, 300, [{ left: 100, top: 150, width: 200, height: 100 }]), 'lower_body').expect(201)).body as ModelPhotoRecord;
      expect(Object.keys(approved.masks)).toEqual(['lower_body']);
      expect(approved.suggestedMasks).toEqual({ upper_body: expect.stringContaining(both.suggestedMasks.upper_body!.split('?')[0]) });
      await h.fetchSigned(both.suggestedMasks.lower_body!).expect(404);

      // Withdrawing names its category: the default one is the upper body's.
      await h.http().delete(`/api/models/${model.id}/suggested-mask?category=lower_body`).set(bearer(seller)).expect(204);
      expect(Object.keys((await h.http().get(`/api/models/${model.id}`).set(bearer(seller)).expect(200)).body.suggestedMasks)).toEqual(['upper_body']);
      await h.http().delete(`/api/models/${model.id}/suggested-mask`).set(bearer(seller)).expect(204);
      expect((await h.http().get(`/api/models/${model.id}`).set(bearer(seller)).expect(200)).body.suggestedMasks).toEqual({});
      expect((await h.objectsOf(seller.id)).filter((k) => k.includes('suggested-mask'))).toEqual([]);
    });

    it('is for a worn category only: a product\'s mask is painted by hand', async () => {
      const model = await oneModel(seller, await png(400, 300));
      const expected = "category must be one of upper_body, lower_body, full_body: a product's mask is painted by hand";
      expect((await keep(seller, model.id, await lime(400, 300), 'product').expect(400)).body.message).toBe(expected);
      expect((await keep(seller, model.id, await lime(400, 300), 'hat').expect(400)).body.message).toBe('category must be one of upper_body, lower_body, full_body, product');
      expect((await h.http().delete(`/api/models/${model.id}/suggested-mask?category=product`).set(bearer(seller)).expect(400)).body.message).toBe(expected);
      expect((await h.objectsOf(seller.id)).filter((k) => k.includes('suggested-mask'))).toEqual([]);
    });

    it('is withdrawn (204, also when none waits) and goes with the photo when it is deleted', async () => {
      const model = await oneModel(seller, await png(400, 300));
      await keep(seller, model.id, await lime(400, 300)).expect(200);
      await h.http().delete(`/api/models/${model.id}/suggested-mask`).set(bearer(seller)).expect(204);
      await h.http().delete(`/api/models/${model.id}/suggested-mask`).set(bearer(seller)).expect(204);
      expect((await h.http().get(`/api/models/${model.id}`).set(bearer(seller)).expect(200)).body.suggestedMasks).toEqual({});
      await keep(seller, model.id, await lime(200, 150)).expect(200);
      await keep(seller, model.id, await lime(400, 300), 'full_body').expect(200);
      await h.http().delete(`/api/models/${model.id}`).set(bearer(seller)).expect(204);
      expect(await h.objectsOf(seller.id)).toEqual([]);
    });

    it('refuses another shape, a mask over 2048 px a side, a JPEG, and another seller', async () => {
      const model = await oneModel(seller, await png(400, 300));
      expect((await keep(seller, model.id, await lime(300, 400)).expect(400)).body.message).toBe("The suggested mask is 300×400 pixels; it must have the photo's shape (400×300)");
      expect((await keep(seller, model.id, await lime(4096, 3072)).expect(400)).body.message).toBe('The suggested mask is 4096×3072 pixels; it may be at most 2048 a side');
      await keep(seller, model.id, await jpeg(400, 300)).expect(415);
      const other = await h.seller();
      await keep(other, model.id, await lime(400, 300)).expect(404);
      await h.http().delete(`/api/models/${model.id}/suggested-mask`).set(bearer(other)).expect(404);
      expect((await h.objectsOf(seller.id)).filter((k) => k.includes('suggested-mask'))).toEqual([]);
    });
  });

  it('deletes the row, then its objects', async () => {
    const model = await oneModel(seller, await png(100, 100));
    await sendMask(seller, model.id, await mask(100, 100, [{ left: 10, top: 10, width: 10, height: 10 }])).expect(201);
    expect(await h.objectsOf(seller.id)).toHaveLength(4);
    await h.http().delete(`/api/models/${model.id}`).set(bearer(seller)).expect(204);
    expect(await h.rowsOf(seller.id)).toEqual(NO_ROWS);
    expect(await h.objectsOf(seller.id)).toEqual([]);
    await h.http().delete(`/api/models/${model.id}`).set(bearer(seller)).expect(404);
  });

  describe('another seller', () => {
    it('cannot list, read, mask, fetch or delete my model photos', async () => {
      const other = await h.seller();
      const model = await oneModel(seller, await png(100, 100));
      await sendMask(seller, model.id, await mask(100, 100, [{ left: 10, top: 10, width: 10, height: 10 }])).expect(201);
      await h.http().get('/api/models').set(bearer(other)).expect(200, []);
      await h.http().get(`/api/models/${model.id}`).set(bearer(other)).expect(404);
      await sendMask(other, model.id, await mask(100, 100, [])).expect(404);
      for (const variant of ['original', 'inpaint-cropped', 'inpaint-mask']) {
        await h.http().get(`/api/models/${model.id}/files/${variant}`).set(bearer(other)).expect(404);
      }
      await h.http().delete(`/api/models/${model.id}`).set(bearer(other)).expect(404);
      const [row] = await h.query('SELECT status FROM models WHERE id = $1', [model.id]);
      expect(row.status).toBe('ready');
      expect(await h.objectsOf(seller.id)).toHaveLength(4);
    });
  });
});
