import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChatCallError, createChatClient, UNREACHABLE_MESSAGE } from './chat-client.ts';

const API = 'https://steward.example.com/api/chat/';
const ANSWER = { session_id: 's.sig', history_id: 7, answer: '<p>Yes</p>', answer_kind: 'llm', source_docs: [] };

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const eventStream = (text: string) => new Response(text, { status: 200, headers: { 'content-type': 'text/event-stream; charset=utf-8' } });

function stubFetch(...responses: (Response | Error)[]) {
  const fetchMock = vi.fn(async () => {
    const next = responses.shift();
    if (!next || next instanceof Error) throw next ?? new Error('no response');
    return next;
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('createChatClient', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for a stream, without cookies, and reads the pieces and the answer', async () => {
    const fetchMock = stubFetch(eventStream('event: delta\ndata: {"text":"Ye"}\n\nevent: delta\ndata: {"text":"s"}\n\nevent: answer\ndata: ' + JSON.stringify(ANSWER) + '\n\n'));
    const pieces: string[] = [];
    expect(await createChatClient(API).ask({ message: 'Ship?' }, (text) => pieces.push(text))).toEqual(ANSWER);
    expect(pieces).toEqual(['Ye', 's']);
    expect(fetchMock).toHaveBeenCalledWith(`${API}ask`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream, application/json;q=0.9' },
      body: '{"message":"Ship?"}',
      credentials: 'omit',
    });
  });

  it('takes a plain JSON answer when the server does not stream', async () => {
    stubFetch(json(200, { success: true, data: { rows: [ANSWER] } }));
    expect(await createChatClient(API).ask({ message: 'Ship?' }, () => undefined)).toEqual(ANSWER);
  });

  it("throws the stream's error event, and a cut stream, as messages to show", async () => {
    stubFetch(eventStream('event: delta\ndata: {"text":"Ye"}\n\nevent: error\ndata: {"message":"Sorry, something went wrong."}\n\n'), eventStream('event: delta\ndata: {"text":"Ye"}\n\n'));
    const client = createChatClient(API);
    await expect(client.ask({ message: 'a' }, () => undefined)).rejects.toThrow('Sorry, something went wrong.');
    await expect(client.ask({ message: 'a' }, () => undefined)).rejects.toThrow(UNREACHABLE_MESSAGE);
  });

  it("throws the server's error.message with its status, and a plain message when the server cannot be reached", async () => {
    stubFetch(json(429, { success: false, error: { message: 'Too many messages.' } }), json(502, '<html>'), new TypeError('Failed to fetch'));
    const client = createChatClient(API);
    const refused = await client.sendFeedback({ session_id: 's', history_id: 1, rating: 'up' }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ChatCallError);
    expect(refused).toMatchObject({ message: 'Too many messages.', status: 429 });
    await expect(client.sendHelpRequest({ name: 'a', email: 'a@b.co', message: 'm' })).rejects.toThrow(UNREACHABLE_MESSAGE);
    await expect(client.funFacts()).rejects.toThrow(UNREACHABLE_MESSAGE);
  });

  it('reads the fun facts, leaving out empty ones', async () => {
    const fetchMock = stubFetch(json(200, { success: true, data: { rows: [{ facts: ['honey never spoils', ' ', 3] }] } }));
    expect(await createChatClient(API).funFacts()).toEqual(['honey never spoils']);
    expect(fetchMock).toHaveBeenCalledWith(`${API}fun-facts`, { headers: { accept: 'application/json' }, credentials: 'omit' });
  });
});
