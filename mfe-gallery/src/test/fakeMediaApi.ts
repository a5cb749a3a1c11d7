import type { GeneratedImageRecord, GeneratedImagesPage } from '@vton/contracts';

/** A saved image; `number` only when asked (without one the page numbers tiles by place). */
export function imageRecord(id: number, number?: number): GeneratedImageRecord {
  return {
    id,
    imageUrl: `/api/media/files/full-${id}.png?sig=x`,
    thumbnailUrl: `/api/media/files/thumb-${id}.webp?sig=x`,
    width: 1200,
    height: 1600,
    garmentId: null,
    modelId: null,
    prompt: null,
    generationType: 'mock',
    metadata: null,
    createdAt: new Date(Date.UTC(2026, 0, 1) + id * 1000).toISOString(),
    number: number as number,
    modelFilename: null,
    productName: null,
  };
}

/**
 * An in-memory svc-media for the generated-images calls, installed as `fetch`: ids 1..count,
 * listed newest first with id cursors, DELETE removes (or fails with `failDelete`).
 */
export function installFakeMediaApi({
  count,
  failDelete = false,
  listDelayMs = 0,
  product,
}: {
  count: number;
  failDelete?: boolean;
  listDelayMs?: number;
  /** Every image is of this product, named as the library calls it when the list is read. */
  product?: { garmentId: number; name: () => string };
}) {
  let ids = Array.from({ length: count }, (_, i) => count - i);
  const calls: string[] = [];
  const fetchMock = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    calls.push(`${method} ${url.pathname}${url.search}`);
    if (url.pathname === '/api/generated-images' && method === 'GET') {
      if (listDelayMs) await new Promise((resolve) => setTimeout(resolve, listDelayMs));
      const limit = Number(url.searchParams.get('limit') ?? 50);
      const cursor = url.searchParams.get('cursor');
      const rest = cursor ? ids.filter((id) => id < Number(cursor)) : ids;
      const page = rest.slice(0, limit);
      const body: GeneratedImagesPage = {
        images: page.map((id) => (product ? { ...imageRecord(id), garmentId: product.garmentId, productName: product.name() } : imageRecord(id))),
        nextCursor: rest.length > limit ? String(page[page.length - 1]) : null,
        total: ids.length,
      };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }
    const match = /^\/api\/generated-images\/(\d+)$/.exec(url.pathname);
    if (match && method === 'DELETE') {
      if (failDelete) return new Response('boom', { status: 500 });
      ids = ids.filter((id) => id !== Number(match[1]));
      return new Response(null, { status: 204 });
    }
    if (url.pathname.startsWith('/api/media/files/')) return new Response(new Blob(['png']), { status: 200 });
    return new Response('not found', { status: 404 });
  });
  global.fetch = fetchMock as typeof fetch;
  return { fetchMock, calls, ids: () => ids };
}
