import type { SaveWorkspaceRequest } from '@vton/contracts';
import { NEW_TRACE_PARENT, traceIdOf } from '@vton/shell-sdk/testing';
import { saveWorkspace } from './savedWorkspace';

describe('saving the workspace while the page closes (keepalive, around apiRequest)', () => {
  const realFetch = globalThis.fetch;
  const fetchMock = jest.fn(async () => new Response(null, { status: 204 }));
  beforeEach(() => {
    fetchMock.mockClear();
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    localStorage.setItem('auth_token', 'tok');
  });
  afterEach(() => {
    globalThis.fetch = realFetch;
    localStorage.clear();
  });

  it('sends the JSON body with the Bearer token, cookies and its own traceparent, as apiRequest would', async () => {
    const request: SaveWorkspaceRequest = { garmentId: 3, modelIds: [5, 6], prompt: 'linen shirt', garmentCategory: 'upper_body' };
    await saveWorkspace(request, { keepalive: true });
    await saveWorkspace(request, { keepalive: true });
    const [[url, first], [, second]] = fetchMock.mock.calls as unknown as [string, RequestInit][];
    expect(url).toBe('/api/media/workspace');
    expect(first).toMatchObject({ method: 'PUT', keepalive: true, credentials: 'include', body: JSON.stringify(request) });
    expect(first.headers).toEqual({ 'Content-Type': 'application/json', Authorization: 'Bearer tok', traceparent: expect.stringMatching(NEW_TRACE_PARENT) });
    // A new trace per save, as per API call.
    const traceparent = (init: RequestInit) => (init.headers as Record<string, string>).traceparent;
    expect(traceIdOf(traceparent(second))).not.toBe(traceIdOf(traceparent(first)));
  });
});
