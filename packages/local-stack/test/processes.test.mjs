import { formatLogLine } from '../src/processes.mjs';

test('pino JSON lines become readable lines with the request id', () => {
  const line = JSON.stringify({ level: 30, msg: 'request completed', req: { id: 'abc', method: 'GET', url: '/api/auth/me' }, res: { statusCode: 401 } });
  expect(formatLogLine(line)).toBe('INFO  request completed GET /api/auth/me 401 [abc]');
});

test('other output passes through unchanged', () => {
  expect(formatLogLine('serving dist')).toBe('serving dist');
  expect(formatLogLine('{not json')).toBe('{not json');
});
