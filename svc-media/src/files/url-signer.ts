import { createHmac, timingSafeEqual } from 'node:crypto';

export const MEDIA_FILES_PATH = '/api/media/files';

export type SignatureCheck = 'valid' | 'expired' | 'invalid';

/**
 * Short-lived same-origin image URLs: an <img> cannot send a Bearer header, so the
 * signature is the authorization. Only keys looked up by (id, userId) are ever signed.
 */
export class UrlSigner {
  constructor(
    private readonly secret: Buffer,
    /** How long a signed URL or a seal stays valid. */
    readonly ttlSeconds: number,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** `/api/media/files/<key>?exp=<unix seconds>&sig=<base64url HMAC-SHA256>` */
  sign(key: string): string {
    const exp = Math.floor(this.now() / 1000) + this.ttlSeconds;
    return `${MEDIA_FILES_PATH}/${key}?exp=${exp}&sig=${this.signature(key, exp)}`;
  }

  check(key: string, exp: unknown, sig: unknown): SignatureCheck {
    if (typeof exp !== 'string' || !/^\d{1,12}$/.test(exp) || typeof sig !== 'string') return 'invalid';
    const expected = Buffer.from(this.signature(key, Number(exp)));
    const given = Buffer.from(sig);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
    return this.secondsLeft(Number(exp)) > 0 ? 'valid' : 'expired';
  }

  /** A short-lived seal of `subject` (`<exp>.<sig>`): proof, later, that this service said it. */
  seal(subject: string): string {
    const exp = Math.floor(this.now() / 1000) + this.ttlSeconds;
    return `${exp}.${this.signature(subject, exp)}`;
  }

  /** Whether `sealed` is a seal of `subject` (seal), still valid. */
  opened(subject: string, sealed: string): SignatureCheck {
    const [exp, sig] = sealed.split('.');
    return this.check(subject, exp, sig);
  }

  secondsLeft(exp: number): number {
    return exp - Math.floor(this.now() / 1000);
  }

  private signature(key: string, exp: number): string {
    return createHmac('sha256', this.secret).update(`${key}\n${exp}`).digest('base64url');
  }
}
