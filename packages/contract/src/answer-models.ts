import { z } from 'zod';

/**
 * Bot Settings' "Answers" card (issue 54, docs/bot.md): who writes the bot's answers (the built-in quotes, or an
 * OpenAI-compatible language model) and which model embeds the knowledge (the built-in Universal Sentence Encoder
 * Lite, or an OpenAI-compatible embeddings API). Administrators only (canManageAnswerModels). Keys are sealed at
 * rest on the server and never answered: the card only learns whether one is saved.
 */
export const ANSWER_MODEL_TEXTS = {
  title: 'Answers',
  intro: 'Who writes the answers your visitors read, and which model finds the passages they come from.',
  fromEnvironment: 'Nothing is saved here yet: the server uses its environment variables.',
  writer: 'Answer writer',
  writerQuotes: 'Built-in: quote the passages',
  writerLlm: 'A language model (OpenAI-compatible)',
  embedder: 'Embedder',
  embedderBuiltIn: 'Built-in (Universal Sentence Encoder Lite)',
  embedderApi: 'An embeddings API (OpenAI-compatible)',
  baseUrl: 'Base URL',
  model: 'Model',
  apiKey: 'API key',
  keySaved: 'A key is saved.',
  keyFromEnvironment: 'A key is set in the environment; it is not copied here when you save.',
  noKey: 'No key is saved.',
  replaceKey: 'Replace the key',
  removeKey: 'Remove the key',
  keepKey: 'Keep the saved key',
  newKey: 'New key',
  test: 'Test',
  testing: 'Testing…',
  testAnswered: (milliseconds: number) => `Answered in ${milliseconds} ms:`,
  testFailed: (milliseconds: number) => `Failed after ${milliseconds} ms:`,
  save: 'Save',
  saved: 'Answer settings saved.',
  embedderChange: 'Saving another embedder re-indexes the knowledge in the background (progress on Documents); answers come from the current embedder until it is done.',
} as const;

export const ANSWER_MODEL_MESSAGES = {
  baseUrl: 'The base URL must be an http or https address.',
  modelEmpty: 'The model must not be empty.',
  modelTooLong: 'The model must be at most 200 characters long.',
  keyEmpty: 'Type the new key, or keep the saved one.',
  keyTooLong: 'The key must be at most 1000 characters long.',
  keyOtherServer: 'The saved key belongs to another server: type the key again, or remove it.',
  keyUnreadable: 'The saved key cannot be opened with this server\'s STEWARD_SECRETS_KEY: type the key again, or remove it.',
} as const;

const MODEL_LENGTH = 200;
const KEY_LENGTH = 1000;
const BASE_URL_LENGTH = 2048;

/** An absolute http(s) address without a user or password in it (a key goes in the key field, sealed). */
const baseUrl = z
  .string({ error: ANSWER_MODEL_MESSAGES.baseUrl })
  .trim()
  .max(BASE_URL_LENGTH, ANSWER_MODEL_MESSAGES.baseUrl)
  .pipe(z.url({ protocol: /^https?$/, error: ANSWER_MODEL_MESSAGES.baseUrl }))
  .refine((value) => !/^https?:\/\/[^/?#]*@/i.test(value), ANSWER_MODEL_MESSAGES.baseUrl)
  .transform((value) => value.replace(/\/+$/, ''));

const model = z
  .string({ error: ANSWER_MODEL_MESSAGES.modelEmpty })
  .trim()
  .min(1, ANSWER_MODEL_MESSAGES.modelEmpty)
  .max(MODEL_LENGTH, ANSWER_MODEL_MESSAGES.modelTooLong);

/** What happens to the key: the saved one kept, removed, or replaced by a new one (sent once, never answered). */
export const modelKeyChange = z.discriminatedUnion(
  'change',
  [
    z.strictObject({ change: z.literal('keep') }),
    z.strictObject({ change: z.literal('remove') }),
    z.strictObject({
      change: z.literal('replace'),
      value: z.string({ error: ANSWER_MODEL_MESSAGES.keyEmpty }).trim().min(1, ANSWER_MODEL_MESSAGES.keyEmpty).max(KEY_LENGTH, ANSWER_MODEL_MESSAGES.keyTooLong),
    }),
  ],
  { error: 'The key change must be "keep", "remove" or "replace".' },
);
export type ModelKeyChange = z.infer<typeof modelKeyChange>;

/** An OpenAI-compatible server: its base URL (`…/v1`), the model to ask for, and what happens to its key. */
export const modelServer = z.strictObject({ base_url: baseUrl, model, key: modelKeyChange });
export type ModelServer = z.infer<typeof modelServer>;

export const ANSWER_WRITER_KINDS = ['quotes', 'llm'] as const;
export const EMBEDDER_KINDS = ['built_in', 'api'] as const;

export const answerWriterChoice = z.discriminatedUnion(
  'kind',
  [z.strictObject({ kind: z.literal('quotes') }), z.strictObject({ kind: z.literal('llm'), server: modelServer })],
  { error: 'The answer writer must be "quotes" or "llm".' },
);
export const embedderChoice = z.discriminatedUnion(
  'kind',
  [z.strictObject({ kind: z.literal('built_in') }), z.strictObject({ kind: z.literal('api'), server: modelServer })],
  { error: 'The embedder must be "built_in" or "api".' },
);

/** POST /api/answer-models: both choices at once; what is sent replaces what was saved. */
export const saveAnswerModelsRequest = z.strictObject({ writer: answerWriterChoice, embedder: embedderChoice });
export type SaveAnswerModelsRequest = z.input<typeof saveAnswerModelsRequest>;

/** POST /api/answer-models/test: the form's server (not saved yet), with the saved key when `keep`. */
export const testAnswerModelRequest = z.strictObject({ part: z.enum(['writer', 'embedder']), server: modelServer });
export type TestAnswerModelRequest = z.input<typeof testAnswerModelRequest>;

/** A server as the card shows it: never its key, only where one comes from. */
export const modelServerRow = z.object({
  base_url: z.string(),
  model: z.string(),
  key: z.enum(['saved', 'environment', 'none']),
});
export type ModelServerRow = z.infer<typeof modelServerRow>;

/** GET /api/answer-models: the choices in force, saved in the dashboard or, when nothing is, from the environment. */
export const answerModelsRow = z.object({
  source: z.enum(['saved', 'environment']),
  writer: z.object({ kind: z.enum(ANSWER_WRITER_KINDS), server: modelServerRow.nullable() }),
  embedder: z.object({ kind: z.enum(EMBEDDER_KINDS), server: modelServerRow.nullable() }),
});
export type AnswerModelsRow = z.infer<typeof answerModelsRow>;

/** What a Test found: the model's answer (or a vector's description), how long it took, or the problem. */
export const answerModelTestRow = z.object({
  ok: z.boolean(),
  answer: z.string(),
  duration_ms: z.number().int(),
});
export type AnswerModelTestRow = z.infer<typeof answerModelTestRow>;
