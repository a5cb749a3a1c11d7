import { UrlSigner } from './url-signer.js';

describe('UrlSigner', () => {
  let now = 1_700_000_000_000;
  const signer = new UrlSigner(Buffer.from('a-secret-of-at-least-thirty-two-characters'), 3600, () => now);
  const parse = (url: string) => {
    const u = new URL(url, 'http://x');
    return { key: decodeURIComponent(u.pathname.replace('/api/media/files/', '')), exp: u.searchParams.get('exp')!, sig: u.searchParams.get('sig')! };
  };

  it('signs a same-origin path that expires after the TTL', () => {
    const url = signer.sign('5/garments/1-original.jpg');
    expect(url).toMatch(/^\/api\/media\/files\/5\/garments\/1-original\.jpg\?exp=1700003600&sig=[A-Za-z0-9_-]{43}$/);
    const { key, exp, sig } = parse(url);
    expect(signer.check(key, exp, sig)).toBe('valid');
    now += 3600_000;
    expect(signer.check(key, exp, sig)).toBe('expired');
    now -= 3600_000;
  });

  it('refuses a signature moved to another key, a changed expiry or another secret', () => {
    const { exp, sig } = parse(signer.sign('5/garments/1-original.jpg'));
    expect(signer.check('6/garments/1-original.jpg', exp, sig)).toBe('invalid');
    expect(signer.check('5/garments/1-original.jpg', String(Number(exp) + 3600), sig)).toBe('invalid');
    expect(signer.check('5/garments/1-original.jpg', exp, sig.slice(1))).toBe('invalid');
    expect(signer.check('5/garments/1-original.jpg', exp, undefined)).toBe('invalid');
    expect(signer.check('5/garments/1-original.jpg', '1e12', sig)).toBe('invalid');
    const other = new UrlSigner(Buffer.from('another-secret-of-at-least-thirty-two-chars'), 3600, () => now);
    expect(other.check('5/garments/1-original.jpg', exp, sig)).toBe('invalid');
  });
});
