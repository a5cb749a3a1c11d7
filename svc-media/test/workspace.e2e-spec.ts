import type { WorkspaceRecord } from '@vton/contracts';
import { bearer, jpeg, png, type Seller, startedHarness } from './helpers.js';

describe('the studio workspace on the server (real Postgres, svc-auth tokens)', () => {
  const h = startedHarness();
  let seller: Seller;
  beforeEach(async () => {
    seller = await h.seller();
  });

  const get = (who: Seller) => h.http().get('/api/media/workspace').set(bearer(who));
  const put = (who: Seller, body: object) => h.http().put('/api/media/workspace').set(bearer(who)).send(body);
  const garment = async (who: Seller) => (await h.http().post('/api/garments').set(bearer(who)).attach('file', await png(40, 40), 'g.png').expect(201)).body.id as number;
  const model = async (who: Seller) => (await h.http().post('/api/models').set(bearer(who)).attach('files', await jpeg(40, 60), 'm.jpg').expect(201)).body[0].id as number;

  it('is empty before the seller saved one, then answers what was saved, in order', async () => {
    expect((await get(seller).expect(200)).body).toEqual({ garmentId: null, modelIds: [], prompt: '', garmentCategory: 'upper_body', updatedAt: null });
    const [g, a, b] = [await garment(seller), await model(seller), await model(seller)];
    await put(seller, { garmentId: g, modelIds: [b, a], prompt: 'linen, summer' }).expect(200);
    const saved = (await get(seller).expect(200)).body as WorkspaceRecord;
    expect(saved).toMatchObject({ garmentId: g, modelIds: [b, a], prompt: 'linen, summer', garmentCategory: 'upper_body' });
    expect(saved.updatedAt).toEqual(expect.any(String));
  });

  it('keeps the garment category the seller chose', async () => {
    await put(seller, { garmentId: null, modelIds: [], prompt: '', garmentCategory: 'lower_body' }).expect(200);
    expect((await get(seller).expect(200)).body).toMatchObject({ garmentCategory: 'lower_body' });
    await put(seller, { garmentId: null, modelIds: [], prompt: '', garmentCategory: 'full_body' }).expect(200);
    expect((await get(seller).expect(200)).body).toMatchObject({ garmentCategory: 'full_body' });
    await put(seller, { garmentId: null, modelIds: [], prompt: '', garmentCategory: 'product' }).expect(200);
    expect((await get(seller).expect(200)).body).toMatchObject({ garmentCategory: 'product' });
  });

  it('keeps only the seller\'s own ids, and forgets a photo deleted since', async () => {
    const other = await h.seller();
    const [theirs, mine] = [await model(other), await model(seller)];
    const res = await put(seller, { garmentId: await garment(other), modelIds: [theirs, mine], prompt: '' }).expect(200);
    expect(res.body).toMatchObject({ garmentId: null, modelIds: [mine] });
    await h.http().delete(`/api/models/${mine}`).set(bearer(seller)).expect(204);
    expect((await get(seller).expect(200)).body).toMatchObject({ modelIds: [] });
    expect((await get(other).expect(200)).body).toMatchObject({ garmentId: null, modelIds: [], prompt: '' });
  });

  it('refuses what is not a workspace, and anyone without a token', async () => {
    await put(seller, { garmentId: 'x', modelIds: [], prompt: '' }).expect(400);
    await put(seller, { garmentId: null, modelIds: 'all', prompt: '' }).expect(400);
    await put(seller, { garmentId: null, modelIds: [], prompt: 'x'.repeat(10_001) }).expect(400);
    const wrongCategory = await put(seller, { garmentId: null, modelIds: [], prompt: '', garmentCategory: 'hat' }).expect(400);
    expect(JSON.stringify(wrongCategory.body)).toContain('garmentCategory must be one of upper_body, lower_body, full_body, product');
    await h.http().get('/api/media/workspace').expect(401);
  });
});
