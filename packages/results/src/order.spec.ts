import { newestFirst } from './order.js';

describe('newestFirst (issue 32: stable newest-first numbering)', () => {
  it('orders by gallery number, highest first, whatever order the results finished in; results not saved yet first', () => {
    const results = [
      { id: 'a', number: 7, processedAt: '2026-01-01T10:00:03.000Z' },
      { id: 'b', number: 6, processedAt: '2026-01-01T10:00:04.000Z' },
      { id: 'c', number: 8, processedAt: '2026-01-01T10:00:01.000Z' },
      { id: 'mock-1', processedAt: '2026-01-01T10:01:00.000Z' },
      { id: 'mock-2', processedAt: '2026-01-01T10:02:00.000Z' },
    ];
    expect(newestFirst(results).map((r) => r.id)).toEqual(['mock-2', 'mock-1', 'c', 'a', 'b']);
  });
});
