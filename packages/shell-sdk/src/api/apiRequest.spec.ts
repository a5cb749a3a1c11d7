import { NEW_TRACE_PARENT, traceIdOf } from '../testing/index.js';
import { apiRequest, createQueryClient, getQueryFn } from './apiRequest';

function respond(status: number, body: string, statusText = '') {
  return jest.fn().mockResolvedValue(new Response(body || null, { status, statusText }));
}

describe('apiRequest', () => {
  afterEach(() => localStorage.clear());

  it('turns a non-OK response into "<status>: <body text>"', async () => {
    global.fetch = respond(401, 'Invalid credentials');
    await expect(apiRequest('POST', '/api/auth/login', { email: 'a@b.co', password: 'x' })).rejects.toThrow(
      '401: Invalid credentials',
    );
  });

  it('falls back to the status text when the body is empty', async () => {
    global.fetch = respond(503, '', 'Service Unavailable');
    await expect(apiRequest('GET', '/api/models')).rejects.toThrow('503: Service Unavailable');
  });

  it('sends JSON only with a body, the stored token as Bearer, and cookies', async () => {
    localStorage.setItem('auth_token', 'tok');
    const fetchMock = respond(200, '{}');
    global.fetch = fetchMock;
    await apiRequest('POST', '/api/auth/register', { email: 'a@b.co' });
    await apiRequest('DELETE', '/api/generated-images/3');
    const [, withBody] = fetchMock.mock.calls[0];
    expect(withBody).toMatchObject({
      method: 'POST',
      body: '{"email":"a@b.co"}',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer tok' },
    });
    const [, withoutBody] = fetchMock.mock.calls[1];
    expect(withoutBody.body).toBeUndefined();
    expect(withoutBody.headers).toEqual({ Authorization: 'Bearer tok', traceparent: expect.any(String) });
  });
});

describe('default query function', () => {
  const context = (queryKey: string[]) => ({ queryKey, signal: new AbortController().signal, meta: undefined }) as never;

  it('GETs the key as a path and parses JSON', async () => {
    global.fetch = respond(200, '{"images":[]}');
    await expect(getQueryFn({ on401: 'throw' })(context(['/api/generated-images']))).resolves.toEqual({ images: [] });
  });

  it('throws on 401 unless asked to return null', async () => {
    global.fetch = respond(401, 'Unauthorized');
    await expect(getQueryFn({ on401: 'throw' })(context(['/api/auth/me']))).rejects.toThrow('401: Unauthorized');
    global.fetch = respond(401, 'Unauthorized');
    await expect(getQueryFn({ on401: 'returnNull' })(context(['/api/auth/me']))).resolves.toBeNull();
  });

  it('the query client uses the spec defaults', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries).toMatchObject({ staleTime: Infinity, retry: false, refetchOnWindowFocus: false, refetchInterval: false });
    expect(defaults.mutations).toMatchObject({ retry: false });
  });
});

describe('traceparent', () => {
  it('every API call starts its own W3C trace (sampled), which the services continue', async () => {
    const fetchMock = respond(200, '{}');
    global.fetch = fetchMock;
    await apiRequest('POST', '/api/try-on/jobs', {});
    await apiRequest('GET', '/api/models');
    const sent = fetchMock.mock.calls.map(([, init]) => init.headers.traceparent as string);
    for (const header of sent) expect(header).toMatch(NEW_TRACE_PARENT);
    expect(traceIdOf(sent[0])).not.toBe(traceIdOf(sent[1]));
  });
});
