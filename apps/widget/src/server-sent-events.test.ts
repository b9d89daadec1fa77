import { describe, expect, it } from 'vitest';
import { readServerSentEvents, ServerSentEventParser } from './server-sent-events.ts';

/** A response body that delivers `pieces` one read at a time. */
function bodyOf(pieces: (string | Uint8Array)[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const piece of pieces) controller.enqueue(typeof piece === 'string' ? encoder.encode(piece) : piece);
      controller.close();
    },
  });
}

async function collect(body: ReadableStream<Uint8Array>) {
  const events = [];
  for await (const event of readServerSentEvents(body)) events.push(event);
  return events;
}

describe('ServerSentEventParser', () => {
  it('reads named events with their data, and "message" when unnamed', () => {
    const parser = new ServerSentEventParser();
    expect(parser.push('event: delta\ndata: {"text":"Hel"}\n\ndata: plain\n\n')).toEqual([
      { event: 'delta', data: '{"text":"Hel"}' },
      { event: 'message', data: 'plain' },
    ]);
  });

  it('joins several data lines with newlines, and ignores comments, unknown fields and events without data', () => {
    const parser = new ServerSentEventParser();
    expect(parser.push(': keep-alive\n\nid: 7\nevent: answer\ndata: one\ndata:two\nretry: 10\n\nevent: empty\n\n')).toEqual([
      { event: 'answer', data: 'one\ntwo' },
    ]);
  });

  it('completes lines split between pieces, CRLF split in the middle included', () => {
    const parser = new ServerSentEventParser();
    const events = ['eve', 'nt: delta\r', '\ndata: {"text":', '"a"}\r', '\n\r', '\n'].flatMap((piece) => parser.push(piece));
    expect(events).toEqual([{ event: 'delta', data: '{"text":"a"}' }]);
  });

  it('takes lone CRs as line ends (one at the very end waits: it may be half a CRLF)', () => {
    expect(new ServerSentEventParser().push('event: error\rdata: x\r\rdata: y\r\r: next')).toEqual([
      { event: 'error', data: 'x' },
      { event: 'message', data: 'y' },
    ]);
  });
});

describe('readServerSentEvents', () => {
  it('reads events from a body delivered in pieces, a character split between bytes included', async () => {
    const bytes = new TextEncoder().encode('event: delta\ndata: {"text":"café"}\n\n');
    const cut = bytes.indexOf(0xc3) + 1; // inside "é"
    expect(await collect(bodyOf([bytes.slice(0, cut), bytes.slice(cut), 'event: answer\ndata: {}\n\n']))).toEqual([
      { event: 'delta', data: '{"text":"café"}' },
      { event: 'answer', data: '{}' },
    ]);
  });

  it('drops an event the stream ends before closing', async () => {
    expect(await collect(bodyOf(['data: complete\n\ndata: cut off']))).toEqual([{ event: 'message', data: 'complete' }]);
  });
});
