import { createSseParser, type ServerSentEvent } from './sse';

function parse(chunks: string[]): ServerSentEvent[] {
  const events: ServerSentEvent[] = [];
  const push = createSseParser((e) => events.push(e));
  chunks.forEach(push);
  return events;
}

describe('server-sent events parser', () => {
  it('reads named events and skips comments', () => {
    expect(parse([': ping\n\nevent: job\ndata: {"a":1}\n\n: ping\n\n'])).toEqual([{ event: 'job', data: '{"a":1}' }]);
  });

  it('joins data lines, defaults the name to "message" and keeps a value without the leading space', () => {
    expect(parse(['data: one\ndata:two\nid: 3\nretry: 10\n\n'])).toEqual([{ event: 'message', data: 'one\ntwo' }]);
  });

  it('survives any chunk boundary, CRLF and CR line ends and a byte order mark', () => {
    const text = '\uFEFFevent: job\r\ndata: {"status":"running"}\r\n\r\nevent: job\rdata: {"status":"completed"}\r\r';
    const expected = [
      { event: 'job', data: '{"status":"running"}' },
      { event: 'job', data: '{"status":"completed"}' },
    ];
    expect(parse([text])).toEqual(expected);
    expect(parse(text.split(''))).toEqual(expected);
    for (let i = 1; i < text.length; i += 1) expect(parse([text.slice(0, i), text.slice(i)])).toEqual(expected);
  });

  it('does not hand over an event before its blank line', () => {
    expect(parse(['event: job\ndata: {}\n'])).toEqual([]);
  });
});
