import { ApiException } from '@vton/service-kit';
import { decodeImageDataUrl } from './data-url.js';

const failure = (value: string, max = 1000) => {
  try {
    decodeImageDataUrl(value, max);
  } catch (error) {
    return { status: (error as ApiException).getStatus(), message: (error as Error).message };
  }
  throw new Error('expected a refusal');
};

describe('decodeImageDataUrl', () => {
  it('decodes PNG, JPEG and WebP data URLs', () => {
    expect(decodeImageDataUrl('data:image/png;base64,aGVsbG8=', 1000).toString()).toBe('hello');
    expect(decodeImageDataUrl('data:image/jpeg;base64,aGk=', 1000).toString()).toBe('hi');
    expect(decodeImageDataUrl('data:image/webp;base64,aGk=', 1000).toString()).toBe('hi');
  });

  it('refuses remote URLs without fetching them', () => {
    expect(failure('https://evil.example/x.png')).toEqual({ status: 400, message: expect.stringContaining('remote URLs are not accepted') });
    expect(failure('http://169.254.169.254/latest/meta-data')).toMatchObject({ status: 400 });
    expect(failure('/api/media/files/1/generated/1-full.png')).toMatchObject({ status: 400 });
  });

  it('refuses other types, non-base64 data and oversized URLs', () => {
    expect(failure('data:text/plain;base64,aGVsbG8=')).toMatchObject({ status: 415 });
    expect(failure('data:image/svg+xml;base64,PHN2Zy8+')).toMatchObject({ status: 415 });
    expect(failure('data:image/png,rawtext')).toMatchObject({ status: 415 });
    expect(failure('data:image/png;base64,not base64!')).toMatchObject({ status: 400, message: 'imageUrl is not valid base64' });
    expect(failure('data:image/png;base64,')).toMatchObject({ status: 400 });
    expect(failure(`data:image/png;base64,${'A'.repeat(2000)}`)).toEqual({ status: 413, message: 'imageUrl is larger than the 1000 bytes limit' });
  });
});
