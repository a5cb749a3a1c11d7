/** One server-sent event: its `event:` name ("message" when none) and its `data:` lines joined. */
export interface ServerSentEvent {
  event: string;
  data: string;
}

/**
 * An incremental parser of a text/event-stream body (the HTML spec's rules for `event:` and
 * `data:`; `id:`, `retry:` and `:` comments are skipped). Feed it decoded text as it arrives,
 * chunk boundaries anywhere; each event is handed over at its blank line.
 */
export function createSseParser(onEvent: (event: ServerSentEvent) => void): (chunk: string) => void {
  let buffer = '';
  let first = true;
  let event = '';
  let data: string[] = [];

  const line = (text: string) => {
    if (text === '') {
      if (data.length > 0) onEvent({ event: event || 'message', data: data.join('\n') });
      event = '';
      data = [];
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  };

  // after a CR, an LF starting the next chunk is the rest of that line end
  let skipLf = false;
  return (chunk: string) => {
    buffer += chunk;
    if (first && buffer.length > 0) {
      first = false;
      if (buffer.charCodeAt(0) === 0xfeff) buffer = buffer.slice(1);
    }
    let start = 0;
    if (skipLf && buffer.length > 0) {
      if (buffer[0] === '\n') start = 1;
      skipLf = false;
    }
    for (;;) {
      const cr = buffer.indexOf('\r', start);
      const lf = buffer.indexOf('\n', start);
      const end = cr < 0 ? lf : lf < 0 ? cr : Math.min(cr, lf);
      if (end < 0) break;
      line(buffer.slice(start, end));
      if (end === cr && end === buffer.length - 1) skipLf = true;
      start = end + (end === cr && buffer[cr + 1] === '\n' ? 2 : 1);
    }
    buffer = buffer.slice(start);
  };
}
