import { createParser } from 'eventsource-parser';

/** One server-sent event: its `event:` name ("message" when none) and its `data:` lines joined. */
export interface ServerSentEvent {
  event: string;
  data: string;
}

/**
 * An incremental parser of a text/event-stream body on eventsource-parser (the HTML spec's
 * field rules; `id:`, `retry:` and `:` comments are not handed over). Feed it decoded text as it
 * arrives, chunk boundaries anywhere; each event is handed over at its blank line, named
 * "message" when the server gave none (as the browser's EventSource does).
 */
export function createSseParser(onEvent: (event: ServerSentEvent) => void): (chunk: string) => void {
  const parser = createParser({
    onEvent: ({ event, data }) => onEvent({ event: event || 'message', data }),
  });
  let first = true;
  // after a CR, an LF starting the next chunk is the rest of that line end
  let skipLf = false;
  return (chunk: string) => {
    let text = chunk;
    if (first && text.length > 0) {
      first = false;
      // a U+FEFF byte order mark is not part of the first field name (the parser strips only raw UTF-8 BOM bytes)
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    if (skipLf && text.length > 0) {
      if (text[0] === '\n') text = text.slice(1);
      skipLf = false;
    }
    if (text.endsWith('\r')) skipLf = true;
    // A CR line end is handed over at once: the parser would hold a trailing CR until it sees
    // whether an LF follows, delaying the event that CR ends until the server's next write.
    parser.feed(text.replace(/\r\n?/g, '\n'));
  };
}
