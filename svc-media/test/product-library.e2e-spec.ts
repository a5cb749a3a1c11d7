import type { GarmentRecord, GarmentsPage, ModelPhotoRecord } from '@vton/contracts';
import { bearer, jpeg, mask, png, type Seller, startedHarness } from './helpers.js';

/** Issue 31: the product library (list, rename, category, delete) and masks per category. */
describe('product library and masks per category (real Postgres, S3 server, svc-auth tokens)', () => {
  const h = startedHarness();
  let seller: Seller;
  beforeEach(async () => {
    seller = await h.seller();
  });

  const upload = (who: Seller, photo: Buffer, name: string, category?: string) => {
    const req = h.http().post('/api/garments').set(bearer(who));
    if (category !== undefined) req.field('category', category);
    return req.attach('file', photo, name);
  };
  const uploadGarment = async (who: Seller, name: string, category?: string): Promise<GarmentRecord> => (await upload(who, await jpeg(120, 120), name, category).expect(201)).body;
  const list = async (who: Seller, query = ''): Promise<GarmentsPage> => (await h.http().get(`/api/garments${query}`).set(bearer(who)).expect(200)).body;

  describe('the library', () => {
    it('keeps every upload with its name and category, lists them newest first in pages, and another seller sees none', async () => {
      const shirt = await uploadGarment(seller, 'Blue shirt.jpg');
      const trousers = await uploadGarment(seller, 'chinos.final.png', 'lower_body');
      const bag = await uploadGarment(seller, 'tote.webp', 'product');
      expect(shirt).toMatchObject({ name: 'Blue shirt', filename: 'Blue shirt.jpg', category: 'upper_body', croppedUrl: null });
      expect(trousers).toMatchObject({ name: 'chinos.final', category: 'lower_body' });
      expect(bag).toMatchObject({ name: 'tote', category: 'product' });

      const first = await list(seller, '?limit=2');
      expect(first.garments.map((g) => g.id)).toEqual([bag.id, trousers.id]);
      expect(first).toMatchObject({ total: 3, nextCursor: String(trousers.id) });
      const second = await list(seller, `?limit=2&cursor=${first.nextCursor}`);
      expect(second).toMatchObject({ total: 3, nextCursor: null });
      expect(second.garments.map((g) => g.id)).toEqual([shirt.id]);
      expect((await list(await h.seller())).garments).toEqual([]);
      await h.http().get('/api/garments?limit=0').set(bearer(seller)).expect(400);
      await h.http().get('/api/garments?cursor=x').set(bearer(seller)).expect(400);
      // Beyond the id columns' range: refused as any other bad cursor, never handed to Postgres.
      await h.http().get('/api/garments?cursor=9999999999').set(bearer(seller)).expect(400);
    });

    it('lists each garment with its crop', async () => {
      const garment = await uploadGarment(seller, 'crop-me.jpg');
      await h.http().post(`/api/garments/${garment.id}/crop`).set(bearer(seller)).send({ x: 0, y: 0, width: 120, height: 120, naturalWidth: 120, naturalHeight: 120 }).expect(201);
      const [listed] = (await list(seller)).garments;
      expect(listed).toMatchObject({ id: garment.id, cropData: { x: 0, y: 0, width: 120, height: 120 }, croppedUrl: expect.stringMatching(new RegExp(`/garments/${garment.id}-cropped\\.v[0-9a-z]+\\.png\\?`)) });
      await h.fetchSigned(listed.croppedUrl!).expect(200);
    });

    it('refuses an unknown category on upload, storing nothing', async () => {
      const res = await upload(seller, await jpeg(120, 120), 'hat.jpg', 'hats').expect(400);
      expect(res.body).toMatchObject({ code: 'INVALID_INPUT', message: 'category must be one of upper_body, lower_body, full_body, product' });
      expect((await list(seller)).total).toBe(0);
      expect(await h.objectsOf(seller.id)).toEqual([]);
    });

    it('renames a product and changes its category (PATCH); what is left out stays', async () => {
      const garment = await uploadGarment(seller, 'dress.jpg');
      const renamed = await h.http().patch(`/api/garments/${garment.id}`).set(bearer(seller)).send({ name: '  Summer dress ' }).expect(200);
      expect(renamed.body).toMatchObject({ id: garment.id, name: 'Summer dress', category: 'upper_body' });
      const moved = await h.http().patch(`/api/garments/${garment.id}`).set(bearer(seller)).send({ category: 'full_body' }).expect(200);
      expect(moved.body).toMatchObject({ name: 'Summer dress', category: 'full_body' });
      expect((await h.http().get(`/api/garments/${garment.id}`).set(bearer(seller)).expect(200)).body).toMatchObject({ name: 'Summer dress', category: 'full_body' });

      expect((await h.http().patch(`/api/garments/${garment.id}`).set(bearer(seller)).send({ category: 'hats' }).expect(400)).body.message).toBe(
        'category must be one of upper_body, lower_body, full_body, product',
      );
      expect((await h.http().patch(`/api/garments/${garment.id}`).set(bearer(seller)).send({ name: '   ' }).expect(400)).body.message).toBe('name must not be empty');
      await h.http().patch(`/api/garments/${garment.id}`).set(bearer(seller)).send({ name: 'x'.repeat(201) }).expect(400);
      await h.http().patch(`/api/garments/${garment.id}`).set(bearer(await h.seller())).send({ name: 'mine now' }).expect(404);
    });

    it('deletes a product: the record, then its files; another seller cannot', async () => {
      const garment = await uploadGarment(seller, 'gone.jpg');
      await h.http().post(`/api/garments/${garment.id}/crop`).set(bearer(seller)).send({ x: 0, y: 0, width: 120, height: 120, naturalWidth: 120, naturalHeight: 120 }).expect(201);
      expect(await h.objectsOf(seller.id)).toHaveLength(2);
      await h.http().delete(`/api/garments/${garment.id}`).set(bearer(await h.seller())).expect(404);
      await h.http().delete(`/api/garments/${garment.id}`).set(bearer(seller)).expect(204);
      await h.http().get(`/api/garments/${garment.id}`).set(bearer(seller)).expect(404);
      expect(await h.objectsOf(seller.id)).toEqual([]);
      expect((await list(seller)).total).toBe(0);
    });
  });

  describe('masks per category', () => {
    const oneModel = async (): Promise<ModelPhotoRecord> =>
      (await h.http().post('/api/models').set(bearer(seller)).attach('files', await png(200, 100, '#3366cc'), 'anna.png').expect(201)).body[0];
    const sendMask = (id: number, bytes: Buffer, category?: string) => {
      const req = h.http().post(`/api/models/${id}/mask`).set(bearer(seller));
      if (category !== undefined) req.field('category', category);
      return req.attach('mask', bytes, 'mask.png');
    };
    const top = () => mask(200, 100, [{ left: 80, top: 10, width: 40, height: 30 }]);
    const legs = () => mask(200, 100, [{ left: 70, top: 50, width: 60, height: 40 }]);

    it('keeps one approved mask per category, lists them by category, and serves each one’s files', async () => {
      const model = await oneModel();
      const upper = (await sendMask(model.id, await top()).expect(201)).body as ModelPhotoRecord;
      expect(Object.keys(upper.masks)).toEqual(['upper_body']);
      const both = (await sendMask(model.id, await legs(), 'lower_body').expect(201)).body as ModelPhotoRecord;
      expect(both.status).toBe('ready');
      expect(both.masks.upper_body!.bounds).toEqual(upper.masks.upper_body!.bounds);
      expect(both.masks.lower_body!.bounds).toEqual({ x: 60, y: 20, width: 80, height: 80 });
      // `inpaint` is the mask approved last.
      expect(both.inpaint).toEqual({ croppedImageUrl: both.masks.lower_body!.croppedImageUrl, processedMaskUrl: both.masks.lower_body!.processedMaskUrl, bounds: both.masks.lower_body!.bounds });
      const [listed] = (await h.http().get('/api/models').set(bearer(seller)).expect(200)).body as ModelPhotoRecord[];
      expect(Object.keys(listed.masks).sort()).toEqual(['lower_body', 'upper_body']);

      // The files of each category's mask, for svc-generation (its own routes and the internal ones take ?category=).
      const file = async (query: string) => (await h.http().get(`/api/models/${model.id}/files/inpaint-mask${query}`).set(bearer(seller)).buffer(true).expect(200)).body as Buffer;
      const upperBytes = (await h.fetchSigned(both.masks.upper_body!.processedMaskUrl).expect(200)).body as Buffer;
      const lowerBytes = (await h.fetchSigned(both.masks.lower_body!.processedMaskUrl).expect(200)).body as Buffer;
      expect(Buffer.compare(await file('?category=upper_body'), upperBytes)).toBe(0);
      expect(Buffer.compare(await file('?category=lower_body'), lowerBytes)).toBe(0);
      expect(Buffer.compare(await file(''), lowerBytes)).toBe(0);
      await h.http().get(`/api/models/${model.id}/files/inpaint-mask?category=product`).set(bearer(seller)).expect(404);
      await h.http().get(`/api/models/${model.id}/files/inpaint-mask?category=hats`).set(bearer(seller)).expect(400);

      // Replacing one category's mask leaves the other's files alone and removes its own earlier ones.
      const replaced = (await sendMask(model.id, await legs(), 'lower_body').expect(201)).body as ModelPhotoRecord;
      await h.fetchSigned(both.masks.lower_body!.processedMaskUrl).expect(404);
      await h.fetchSigned(replaced.masks.lower_body!.processedMaskUrl).expect(200);
      await h.fetchSigned(replaced.masks.upper_body!.processedMaskUrl).expect(200);
      expect(await h.objectsOf(seller.id)).toHaveLength(2 + 4);
    });

    it('a failed mask drops only its category’s mask; the photo stays ready while another is left', async () => {
      const model = await oneModel();
      await sendMask(model.id, await top()).expect(201);
      await sendMask(model.id, await legs(), 'lower_body').expect(201);
      const failed = await sendMask(model.id, await mask(200, 100, []), 'lower_body').expect(400);
      expect(failed.body.message).toBe('The mask is empty: paint where the garment goes');
      const read = (await h.http().get(`/api/models/${model.id}`).set(bearer(seller)).expect(200)).body as ModelPhotoRecord;
      expect(read).toMatchObject({ status: 'ready', error: 'The mask is empty: paint where the garment goes' });
      expect(Object.keys(read.masks)).toEqual(['upper_body']);
      await sendMask(model.id, await mask(200, 100, [])).expect(400);
      expect((await h.http().get(`/api/models/${model.id}`).set(bearer(seller)).expect(200)).body).toMatchObject({ status: 'uploaded', masks: {}, inpaint: null });
      expect(await h.objectsOf(seller.id)).toHaveLength(2);
    });

    it('refuses an unknown category and keeps the photo as it was', async () => {
      const model = await oneModel();
      await sendMask(model.id, await top()).expect(201);
      const res = await sendMask(model.id, await legs(), 'sleeves').expect(400);
      expect(res.body.message).toBe('category must be one of upper_body, lower_body, full_body, product');
      const read = (await h.http().get(`/api/models/${model.id}`).set(bearer(seller)).expect(200)).body as ModelPhotoRecord;
      expect(read.status).toBe('ready');
      expect(Object.keys(read.masks)).toEqual(['upper_body']);
    });

    it('deleting the photo removes every category’s mask files', async () => {
      const model = await oneModel();
      await sendMask(model.id, await top()).expect(201);
      await sendMask(model.id, await legs(), 'product').expect(201);
      await h.http().delete(`/api/models/${model.id}`).set(bearer(seller)).expect(204);
      expect(await h.objectsOf(seller.id)).toEqual([]);
      expect(await h.query('SELECT 1 FROM model_masks WHERE "modelId" = $1', [model.id])).toEqual([]);
    });
  });
});
