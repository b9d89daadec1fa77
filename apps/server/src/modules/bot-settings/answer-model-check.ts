import type { AnswerModelTestRow } from '@steward/contract/answer-models';
import { createOpenAiEmbedder } from '../../ingest/embedders/embedder-openai.ts';
import { askModelCheck } from '../answers/model-check.actions.ts';
import type { AnswerModelPart, ModelServerAccess } from './answer-models.actions.ts';

/** The text an embeddings API is given by the Test. */
export const CHECK_TEXT = 'Steward checks that this embeddings API answers.';
/** The most of a model's answer the card shows. */
const ANSWER_LENGTH = 500;

/**
 * The Answers card's Test: calls the server as the bot would (a chat completion, or one embedding), within
 * LLM_TIMEOUT_MS, and says what it answered and how long it took, or what went wrong.
 */
export async function checkModelServer(part: AnswerModelPart, access: ModelServerAccess, timeoutMs: number): Promise<AnswerModelTestRow> {
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  try {
    const answer = part === 'writer' ? await checkWriter(access, timeoutMs) : await checkEmbedder(access, timeoutMs);
    return { ok: true, answer, duration_ms: took() };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // A refused key is the commonest mistake: say where to look.
    const hint = /answered 40[13]\b/.test(message) ? ' Check the key.' : '';
    return { ok: false, answer: `${message}${hint}`, duration_ms: took() };
  }
}

async function checkWriter(access: ModelServerAccess, timeoutMs: number): Promise<string> {
  const text = (await askModelCheck({ ...access, timeoutMs })).replace(/\s+/g, ' ').trim();
  if (text === '') throw new Error('The LLM server answered, but with no text.');
  return text.length > ANSWER_LENGTH ? `${text.slice(0, ANSWER_LENGTH)}…` : text;
}

async function checkEmbedder(access: ModelServerAccess, timeoutMs: number): Promise<string> {
  const embedder = createOpenAiEmbedder({ ...access, timeoutMs, batchSize: 1 });
  try {
    const [vector] = await embedder.embed([CHECK_TEXT]);
    if (!vector) throw new Error('The embeddings API answered no vector.');
    const first = Array.from(vector.subarray(0, 3), (value) => value.toFixed(4)).join(', ');
    return `A vector of ${vector.length} numbers: ${first}${vector.length > 3 ? ', …' : ''}`;
  } finally {
    await embedder.close();
  }
}
