import { TEMPORARILY_UNAVAILABLE } from '@vton/contracts';
import { apiErrorMessage, apiErrorToast, isTemporarilyUnavailable } from './apiErrors';
import { httpError } from './apiRequest';

const shape = (status: number, message: string) => httpError(status, JSON.stringify({ statusCode: status, code: 'X', message }), '');

describe('API errors as the seller reads them', () => {
  it('says "temporarily unavailable, try again" for a 503, the gateway’s 502/504 and a network error', () => {
    for (const error of [shape(503, 'A service this request needs is temporarily unavailable.'), httpError(502, '', 'Bad Gateway'), httpError(504, '', 'Gateway Timeout'), new TypeError('Failed to fetch'), new Error('Network error: the upload did not reach the server')]) {
      expect(isTemporarilyUnavailable(error)).toBe(true);
      expect(apiErrorMessage(error)).toBe(TEMPORARILY_UNAVAILABLE.description);
    }
  });

  it('keeps the server’s own message otherwise', () => {
    expect(isTemporarilyUnavailable(shape(400, 'metadata must be at most 16 KB of JSON'))).toBe(false);
    expect(apiErrorMessage(shape(400, 'metadata must be at most 16 KB of JSON'))).toBe('metadata must be at most 16 KB of JSON');
    expect(apiErrorMessage(httpError(500, 'plain text', ''))).toBe('plain text');
    expect(apiErrorMessage(new Error('Failed to load image'))).toBe('Failed to load image');
  });

  it('keeps a feature’s toast title and replaces only the description when unavailable', () => {
    const deleteFailed = { title: 'Delete failed', description: 'Failed to delete the image. Please try again.', variant: 'destructive' as const };
    expect(apiErrorToast(shape(404, 'not found'), deleteFailed)).toBe(deleteFailed);
    expect(apiErrorToast(shape(503, 'x'), deleteFailed)).toEqual({ ...deleteFailed, description: TEMPORARILY_UNAVAILABLE.description });
  });
});
