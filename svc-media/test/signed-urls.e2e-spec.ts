import { createHmac } from 'node:crypto';
import { bearer, MediaHarness, png, type Seller, startedHarness } from './helpers.js';

const SECRET = 'a-test-signing-secret-of-at-least-32-characters';

/** Signed same-origin image URLs: the signature is the only authorization an <img> has. */
describe('signed image URLs (real S3 server)', () => {
  const h = new MediaHarness();
  let seller: Seller;
  let other: Seller;
  let url: string;
  let otherUrl: string;

  beforeAll(async () => {
    await h.start({ SIGNED_URL_TTL_SECONDS: '600', MEDIA_URL_SIGNING_SECRET: SECRET });
    seller = await h.seller();
    other = await h.seller();
    url = (await h.http().post('/api/garments').set(bearer(seller)).attach('file', await png(40, 30), 'g.png').expect(201)).body.url;
    otherUrl = (await h.http().post('/api/garments').set(bearer(other)).attach('file', await png(40, 30), 'g.png').expect(201)).body.url;
  });
  afterAll(() => h.stop());

  const parts = (signed: string) => {
    const u = new URL(signed, 'http://x');
    return { path: u.pathname, key: u.pathname.replace('/api/media/files/', ''), exp: Number(u.searchParams.get('exp')), sig: u.searchParams.get('sig')! };
  };

  it('serves the image without a Bearer header, with type, length, ETag and private caching until expiry', async () => {
    const res = await h.fetchSigned(url).expect(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(Number(res.headers['content-length'])).toBe((res.body as Buffer).length);
    expect(res.headers.etag).toMatch(/^".+"$/);
    const maxAge = Number(/^private, max-age=(\d+)$/.exec(res.headers['cache-control'])![1]);
    expect(maxAge).toBeGreaterThan(590);
    expect(maxAge).toBeLessThanOrEqual(600);
    await h.http().get(url).set('if-none-match', res.headers.etag).expect(304);
  });

  it('refuses a tampered signature, a changed expiry or a missing signature with 403', async () => {
    const { path, exp, sig } = parts(url);
    const flipped = `${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`;
    const res = await h.http().get(`${path}?exp=${exp}&sig=${flipped}`).expect(403);
    expect(res.body).toMatchObject({ code: 'FORBIDDEN', message: 'Invalid image link' });
    await h.http().get(`${path}?exp=${exp + 3600}&sig=${sig}`).expect(403);
    await h.http().get(path).expect(403);
  });

  it('refuses an expired URL with 403', async () => {
    const { key } = parts(url);
    // A URL correctly signed with the service's key, but expired a minute ago.
    const exp = Math.floor(Date.now() / 1000) - 60;
    const sig = createHmac('sha256', SECRET).update(`${key}\n${exp}`).digest('base64url');
    const res = await h.http().get(`/api/media/files/${key}?exp=${exp}&sig=${sig}`).expect(403);
    expect(res.body.message).toMatch(/expired/);
  });

  it("never reaches another seller's object: my signature does not open a guessed or forged key", async () => {
    const mine = parts(url);
    const theirs = parts(otherUrl);
    // My valid signature moved onto their key.
    await h.http().get(`${theirs.path}?exp=${mine.exp}&sig=${mine.sig}`).expect(403);
    // A guessed neighbour id, path tricks and encodings.
    const guessed = mine.path.replace(/\/(\d+)-original/, (_m, id) => `/${Number(id) + 1}-original`);
    await h.http().get(`${guessed}?exp=${mine.exp}&sig=${mine.sig}`).expect(403);
    await h.http().get(`/api/media/files/${mine.key}/../../${theirs.key}?exp=${mine.exp}&sig=${mine.sig}`).expect(403);
    await h.http().get(`/api/media/files/${encodeURIComponent(theirs.key)}?exp=${mine.exp}&sig=${mine.sig}`).expect(403);
    // A Bearer token of the other seller does not help either: the route only believes signatures.
    await h.http().get(`${theirs.path}?exp=${mine.exp}&sig=${mine.sig}`).set(bearer(seller)).expect(403);
  });

  it('another seller’s records never carry URLs to my objects', async () => {
    const page = (await h.http().get('/api/generated-images').set(bearer(other)).expect(200)).body;
    const models = (await h.http().get('/api/models').set(bearer(other)).expect(200)).body;
    expect(JSON.stringify([page, models])).not.toContain(`/${seller.id}/`);
  });

  it('is described in the OpenAPI document', async () => {
    const json = await h.http().get('/api/media/docs-json').expect(200);
    expect(Object.keys(json.body.paths)).toEqual(expect.arrayContaining([
      '/api/garments', '/api/garments/{id}', '/api/garments/{id}/crop', '/api/models', '/api/models/{id}/mask',
      '/api/generated-images', '/api/generated-images/{id}', '/api/media/files/{key}',
    ]));
  });
});

/** npm start and the tests run with a random secret generated into the data folder (local-stack's secrets.mjs). */
describe('the signing secret is never derived from public defaults', () => {
  const h = startedHarness();

  it('refuses a URL forged with a key derived from the embedded object store’s published credentials', async () => {
    const seller = await h.seller();
    const url = (await h.http().post('/api/garments').set(bearer(seller)).attach('file', await png(20, 20), 'g.png').expect(201)).body.url as string;
    await h.fetchSigned(url).expect(200);
    const { pathname, searchParams } = new URL(url, 'http://x');
    const key = pathname.replace('/api/media/files/', '');
    const exp = Number(searchParams.get('exp'));
    // What an attacker who read the code (and the s3rver defaults S3RVER/S3RVER) could compute before.
    const derived = createHmac('sha256', 'S3RVER').update(`vton svc-media signed URLs\nS3RVER\n${process.env.S3_BUCKET}`).digest();
    for (const secret of [derived, Buffer.from('S3RVER'), Buffer.from(process.env.S3_SECRET_KEY!)]) {
      const forged = createHmac('sha256', secret).update(`${key}\n${exp}`).digest('base64url');
      const res = await h.http().get(`${pathname}?exp=${exp}&sig=${forged}`).expect(403);
      expect(res.body).toMatchObject({ code: 'FORBIDDEN', message: 'Invalid image link' });
    }
    expect(process.env.MEDIA_URL_SIGNING_SECRET).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});
