import { z } from 'zod';
import type { LlmConfig } from '../../config.ts';

export interface LlmMessage {
  role: 'system' | 'user';
  content: string;
}

/** The LLM server failed, answered something unreadable, or took longer than LLM_TIMEOUT_MS. */
export class LlmError extends Error {}

const streamedChunk = z.object({
  choices: z.array(z.object({ delta: z.object({ content: z.string().nullish() }).nullish() })).optional(),
});
const wholeAnswer = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullish() }) })).min(1),
});

/**
 * Asks an OpenAI-compatible chat server (`POST {LLM_BASE_URL}/chat/completions`, `stream: true`)
 * and hands each piece of the answer to `onDelta` as it arrives; resolves with the whole text.
 * The server's Server-Sent Events are `data: {json}` lines ending with `data: [DONE]`; a server that
 * ignores `stream` and answers one JSON object is read too. The whole exchange, streaming included,
 * must end within LLM_TIMEOUT_MS; `signal` ends it early (the visitor went away).
 */
export async function streamChatCompletion(
  llm: LlmConfig,
  messages: readonly LlmMessage[],
  onDelta: (text: string) => void,
  signal?: AbortSignal,
): Promise<string> {
  const timeout = AbortSignal.timeout(llm.timeoutMs);
  const abort = signal ? AbortSignal.any([timeout, signal]) : timeout;
  try {
    const response = await fetch(`${llm.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'text/event-stream',
        ...(llm.apiKey ? { authorization: `Bearer ${llm.apiKey}` } : {}),
      },
      body: JSON.stringify({ model: llm.model, messages, stream: true }),
      signal: abort,
    });
    if (!response.ok) throw new LlmError(`The LLM server answered ${response.status} ${response.statusText}.`);
    if (!response.body) throw new LlmError('The LLM server answered without a body.');
    if (!(response.headers.get('content-type') ?? '').includes('text/event-stream')) {
      const parsed = wholeAnswer.safeParse(await response.json());
      if (!parsed.success) throw new LlmError('The LLM server answered JSON without choices[0].message.content.');
      const text = parsed.data.choices[0]?.message.content ?? '';
      if (text) onDelta(text);
      return text;
    }
    return await readEvents(response.body, onDelta);
  } catch (error) {
    if (error instanceof LlmError) throw error;
    if (timeout.aborted) throw new LlmError(`The LLM server did not answer within ${llm.timeoutMs} ms.`);
    throw new LlmError(`The LLM server could not be reached: ${error instanceof Error ? error.message : String(error)}`);
  }
}

async function readEvents(body: ReadableStream<Uint8Array>, onDelta: (text: string) => void): Promise<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let pending = '';
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    pending += decoder.decode(value, { stream: !done });
    const lines = pending.split(/\r?\n/);
    pending = done ? '' : (lines.pop() ?? '');
    for (const line of lines) {
      if (!line.startsWith('data:')) continue;
      const data = line.slice('data:'.length).trim();
      if (data === '[DONE]') {
        await reader.cancel();
        return text;
      }
      const delta = readDelta(data);
      if (delta) {
        text += delta;
        onDelta(delta);
      }
    }
    if (done) return text;
  }
}

function readDelta(data: string): string | undefined {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    throw new LlmError('The LLM server sent an event that is not JSON.');
  }
  const parsed = streamedChunk.safeParse(json);
  if (!parsed.success) throw new LlmError('The LLM server sent an event without choices.');
  return parsed.data.choices?.[0]?.delta?.content ?? undefined;
}
