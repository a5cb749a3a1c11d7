import { NEW_TRACE_PARENT } from '@vton/shell-sdk/testing';
import { deleteGeneratedImageOnUnload } from './deleteGeneratedImage';

describe('a delete sent while the page closes (keepalive, around apiRequest)', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
    localStorage.clear();
  });

  it('sends the Bearer token, cookies and its own traceparent, as apiRequest would', () => {
    const fetchMock = jest.fn(async () => new Response(null, { status: 204 }));
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    localStorage.setItem('auth_token', 'tok');
    deleteGeneratedImageOnUnload(12);
    expect(fetchMock).toHaveBeenCalledWith('/api/generated-images/12', {
      method: 'DELETE',
      keepalive: true,
      credentials: 'include',
      headers: { Authorization: 'Bearer tok', traceparent: expect.stringMatching(NEW_TRACE_PARENT) },
    });
  });
});
