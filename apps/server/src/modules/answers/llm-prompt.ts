import type { LlmMessage } from './llm-client.ts';
import type { RetrievedPassage } from './answer-rule.ts';

/** The rules the LLM answers under: the numbered passages are all it may use. */
export const LLM_SYSTEM_PROMPT = [
  'You are a customer support assistant. Answer the customer\'s question using only the numbered passages below.',
  'Cite the passages you use as [1], [2] and so on, right after the statement they support.',
  'If the passages do not contain the answer, say that you don\'t know; never guess and never use other knowledge.',
  'Answer in plain text, briefly, in the language of the question.',
].join(' ');

/** The system rules with the passages (each with its document, page and heading path), then the question: all the LLM server is sent. */
export function llmMessages(question: string, passages: readonly RetrievedPassage[]): LlmMessage[] {
  const numbered = passages
    .map((passage, index) => {
      const where = [passage.documentTitle, passage.page === null ? null : `page ${passage.page}`, passage.heading].filter((part) => part !== null).join(', ');
      return `[${index + 1}] (${where})\n${passage.text}`;
    })
    .join('\n\n');
  return [
    { role: 'system', content: `${LLM_SYSTEM_PROMPT}\n\nPassages:\n\n${numbered}` },
    { role: 'user', content: question },
  ];
}
