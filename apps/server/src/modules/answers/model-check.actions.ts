import type { LlmConfig } from '../../config.ts';
import { streamChatCompletion } from './llm-client.ts';

/** What a language model is asked by the Answers card's Test: short, and answerable by any chat model. */
export const CHECK_QUESTION = 'Reply with one short sentence saying that you can answer customers\' questions.';

/**
 * Asks `llm` the Test's question, as answers ask it (streamed chat completion, the same timeout); resolves with
 * its text, or throws LlmError with what went wrong (unreachable, a status such as 401, a timeout, an answer of
 * the wrong shape).
 */
export async function askModelCheck(llm: LlmConfig): Promise<string> {
  return streamChatCompletion(llm, [{ role: 'user', content: CHECK_QUESTION }], () => undefined);
}
