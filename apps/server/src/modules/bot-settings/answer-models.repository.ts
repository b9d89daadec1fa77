import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { readJsonSetting, saveJsonSetting } from './json-settings.repository.ts';

/** The bot_settings row of the Answers card (JSON); no row: the environment's LLM_* and EMBEDDINGS_* settings. */
export const ANSWER_MODELS_TYPE = 'answerModels';

/** A model server as saved: its key sealed (lib/sealed-secrets.ts), never in clear. */
const storedServer = z.object({ base_url: z.string(), model: z.string(), sealed_key: z.string().nullable() });
export type StoredModelServer = z.infer<typeof storedServer>;

const storedAnswerModels = z.object({
  writer: z.discriminatedUnion('kind', [z.object({ kind: z.literal('quotes') }), z.object({ kind: z.literal('llm'), server: storedServer })]),
  embedder: z.discriminatedUnion('kind', [z.object({ kind: z.literal('built_in') }), z.object({ kind: z.literal('api'), server: storedServer })]),
});
export type StoredAnswerModels = z.infer<typeof storedAnswerModels>;

/**
 * What the Answers card saved, or undefined when nothing was (or the row is damaged: the environment's
 * settings apply then, as before anything was saved). One primary-key read: the chat reads it for every answer,
 * so every instance follows a change at once.
 */
export const readAnswerModels = (db: Db): Promise<StoredAnswerModels | undefined> =>
  readJsonSetting(db, ANSWER_MODELS_TYPE, (json) => storedAnswerModels.safeParse(json).data);

export const saveAnswerModels = (db: Db, models: StoredAnswerModels): Promise<void> => saveJsonSetting(db, ANSWER_MODELS_TYPE, models);
