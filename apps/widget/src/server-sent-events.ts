/** One Server-Sent Event: its `event:` name (default "message") and its `data:` lines joined by newlines. */
export interface ServerSentEvent {
  event: string;
  data: string;
}

/**
 * Parses the text/event-stream format (https://html.spec.whatwg.org/multipage/server-sent-events.html)
 * from text arriving in pieces of any size: a line, even a CRLF, may be split between two pieces.
 */
export class ServerSentEventParser {
  private buffer = '';
  private eventName = '';
  private dataLines: string[] = [];

  /** Takes the next piece of text and answers the events it completed. */
  push(text: string): ServerSentEvent[] {
    this.buffer += text;
    const events: ServerSentEvent[] = [];
    for (;;) {
      const end = this.buffer.search(/\r\n|\r|\n/);
      if (end === -1) break;
      // A lone CR at the very end may be the first half of a CRLF: wait for the next piece.
      if (this.buffer[end] === '\r' && end === this.buffer.length - 1) break;
      const line = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(this.buffer.startsWith('\r\n', end) ? end + 2 : end + 1);
      const event = this.readLine(line);
      if (event) events.push(event);
    }
    return events;
  }

  private readLine(line: string): ServerSentEvent | undefined {
    if (line === '') return this.dispatch();
    if (line.startsWith(':')) return undefined;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.eventName = value;
    else if (field === 'data') this.dataLines.push(value);
    return undefined;
  }

  private dispatch(): ServerSentEvent | undefined {
    const event = this.dataLines.length > 0 ? { event: this.eventName || 'message', data: this.dataLines.join('\n') } : undefined;
    this.eventName = '';
    this.dataLines = [];
    return event;
  }
}

/** Reads the events of a fetch response's body as they arrive. */
export async function* readServerSentEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<ServerSentEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const parser = new ServerSentEventParser();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      yield* parser.push(decoder.decode(value, { stream: true }));
    }
    // An event not closed by a blank line when the stream ends is dropped, as the format says.
    yield* parser.push(decoder.decode());
  } finally {
    reader.releaseLock();
  }
}
