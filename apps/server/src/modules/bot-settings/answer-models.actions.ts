import {
  ANSWER_MODEL_MESSAGES,
  type AnswerModelsRow,
  type ModelServer,
  type ModelServerRow,
  type saveAnswerModelsRequest,
} from '@steward/contract/answer-models';
import type { z } from 'zod';
import type { Config, LlmConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import { SealedSecretError, type SecretSealer, serverSealer } from '../../lib/sealed-secrets.ts';
import { type AuditActor, recordAudit } from '../audit-log/record-audit.ts';
import type { Embedder } from '../../ingest/embedders/embedder.ts';
import { createKnowledgeStore, type EmbedderChoice, type KnowledgeStore, type KnowledgeStoreOptions } from '../knowledge/knowledge-store.ts';
import { readAnswerModels, saveAnswerModels, type StoredAnswerModels, type StoredModelServer } from './answer-models.repository.ts';

export type AnswerModelPart = 'writer' | 'embedder';

/** A model server with its key opened, ready to call. */
export interface ModelServerAccess {
  baseUrl: string;
  model: string;
  apiKey: string | undefined;
}

type AnswerModelsConfig = Pick<Config, 'llm' | 'embeddings' | 'secretsKey' | 'llmTimeoutMs'>;
type SaveRequest = z.output<typeof saveAnswerModelsRequest>;

/** What each saved key is sealed for: a sealed key copied to the other part does not open. */
const KEY_PURPOSE: Record<AnswerModelPart, string> = { writer: 'answer-models.writer.api_key', embedder: 'answer-models.embedder.api_key' };

const originOf = (url: string): string => new URL(url).origin;

/**
 * The Answers card's settings (issue 54): the answer writer and the embedder saved in Bot Settings, with their keys
 * sealed at rest, or, while nothing is saved, the environment's (LLM_*, EMBEDDINGS_*). Read from the database at
 * every use, so every instance follows a change without a restart.
 */
export function answerModelSettings(db: Db, config: AnswerModelsConfig) {
  let sealer: Promise<SecretSealer> | undefined;
  const sealing = (): Promise<SecretSealer> => {
    sealer ??= serverSealer(db, config.secretsKey).catch((error: unknown) => {
      sealer = undefined;
      throw error;
    });
    return sealer;
  };

  const environmentServer = (part: AnswerModelPart) => (part === 'writer' ? config.llm : config.embeddings);
  const savedServer = (saved: StoredAnswerModels | undefined, part: AnswerModelPart): StoredModelServer | undefined => {
    const choice = saved?.[part];
    return choice && 'server' in choice ? choice.server : undefined;
  };

  /**
   * The key used with a saved server: its own, else the environment's key when the environment names the same
   * server (saving the card does not copy the environment's key, and does not lose it either).
   */
  const keyOf = async (part: AnswerModelPart, server: Pick<StoredModelServer, 'base_url' | 'sealed_key'>): Promise<string | undefined> => {
    if (server.sealed_key) {
      const sealer = await sealing();
      try {
        return sealer.open(server.sealed_key, KEY_PURPOSE[part]);
      } catch (error) {
        if (error instanceof SealedSecretError) throw new HttpError(400, ANSWER_MODEL_MESSAGES.keyUnreadable, `${part}.server.key`);
        throw error;
      }
    }
    const environment = environmentServer(part);
    return environment && originOf(environment.baseUrl) === originOf(server.base_url) ? environment.apiKey : undefined;
  };
  const keySource = (part: AnswerModelPart, server: StoredModelServer): ModelServerRow['key'] => {
    if (server.sealed_key) return 'saved';
    const environment = environmentServer(part);
    return environment?.apiKey && originOf(environment.baseUrl) === originOf(server.base_url) ? 'environment' : 'none';
  };

  /** The sealed key a saved server gets from a request's key change; 400 when a kept key would go to another server. */
  const sealedKeyFor = async (part: AnswerModelPart, server: ModelServer, saved: StoredModelServer | undefined): Promise<string | null> => {
    if (server.key.change === 'replace') return (await sealing()).seal(server.key.value, KEY_PURPOSE[part]);
    if (server.key.change === 'remove' || !saved?.sealed_key) return null;
    if (originOf(saved.base_url) !== originOf(server.base_url)) throw new HttpError(400, ANSWER_MODEL_MESSAGES.keyOtherServer, `${part}.server.key`);
    return saved.sealed_key;
  };

  return {
    /** What the card shows: the choices in force, and of each key only where it comes from. */
    async view(): Promise<AnswerModelsRow> {
      const saved = await readAnswerModels(db);
      if (saved) {
        const row = (part: AnswerModelPart) => {
          const server = savedServer(saved, part);
          return server ? { base_url: server.base_url, model: server.model, key: keySource(part, server) } : null;
        };
        return { source: 'saved', writer: { kind: saved.writer.kind, server: row('writer') }, embedder: { kind: saved.embedder.kind, server: row('embedder') } };
      }
      const environment = (part: AnswerModelPart) => {
        const server = environmentServer(part);
        return server ? { base_url: server.baseUrl, model: server.model, key: server.apiKey ? ('environment' as const) : ('none' as const) } : null;
      };
      return {
        source: 'environment',
        writer: config.llm ? { kind: 'llm', server: environment('writer') } : { kind: 'quotes', server: null },
        embedder: config.embeddings ? { kind: 'api', server: environment('embedder') } : { kind: 'built_in', server: null },
      };
    },

    /** Saves both choices, the keys sealed, audited as bot_settings_changed (which model and server, never a key). */
    async save(actor: AuditActor, request: SaveRequest): Promise<void> {
      await sealing();
      await db.transaction(async (tx) => {
        const saved = await readAnswerModels(tx);
        const stored = async (part: AnswerModelPart, server: ModelServer): Promise<StoredModelServer> => ({
          base_url: server.base_url,
          model: server.model,
          sealed_key: await sealedKeyFor(part, server, savedServer(saved, part)),
        });
        const models: StoredAnswerModels = {
          writer: request.writer.kind === 'llm' ? { kind: 'llm', server: await stored('writer', request.writer.server) } : { kind: 'quotes' },
          embedder: request.embedder.kind === 'api' ? { kind: 'api', server: await stored('embedder', request.embedder.server) } : { kind: 'built_in' },
        };
        await saveAnswerModels(tx, models);
        const described = (part: AnswerModelPart) => {
          const choice = request[part];
          if (!('server' in choice)) return { [part]: choice.kind };
          const key = choice.server.key.change === 'keep' ? (savedServer(models, part)?.sealed_key ? 'kept' : 'none') : choice.server.key.change === 'replace' ? 'replaced' : 'removed';
          return { [part]: choice.kind, [`${part}Model`]: choice.server.model, [`${part}Server`]: originOf(choice.server.base_url), [`${part}Key`]: key };
        };
        await recordAudit(tx, actor, {
          action: 'bot_settings_changed',
          object: { type: 'bot_settings', id: null, label: 'Bot settings' },
          details: { answerModels: true, ...described('writer'), ...described('embedder') },
        });
      });
    },

    /**
     * The server a Test calls: the form's base URL and model, with the new key, none, or the key it would keep
     * (the saved one for the same server, else the environment's for the same server).
     */
    async testedServer(part: AnswerModelPart, server: ModelServer): Promise<ModelServerAccess> {
      const access = { baseUrl: server.base_url, model: server.model };
      if (server.key.change === 'replace') return { ...access, apiKey: server.key.value };
      if (server.key.change === 'remove') return { ...access, apiKey: undefined };
      const saved = savedServer(await readAnswerModels(db), part);
      const sameServer = saved && originOf(saved.base_url) === originOf(server.base_url) ? saved : undefined;
      return { ...access, apiKey: await keyOf(part, sameServer ?? { base_url: server.base_url, sealed_key: null }) };
    },

    /** The embedder chosen now (saved, else EMBEDDINGS_*), as the knowledge store records it (its key still sealed). */
    async chosenEmbedder(): Promise<EmbedderChoice> {
      const saved = await readAnswerModels(db);
      if (saved) return saved.embedder.kind === 'api' ? { kind: 'api', ...saved.embedder.server } : { kind: 'built_in' };
      return environmentEmbedder(config);
    },

    /**
     * An embeddings API's address, model and key: the card's key when the card names the same server and model
     * now, else the key recorded with the choice (the previous embedder's, while the next one is built).
     */
    async embedderAccess(choice: Extract<EmbedderChoice, { kind: 'api' }>): Promise<ModelServerAccess> {
      const saved = savedServer(await readAnswerModels(db), 'embedder');
      const server = saved && saved.base_url === choice.base_url && saved.model === choice.model ? saved : choice;
      return { baseUrl: choice.base_url, model: choice.model, apiKey: await keyOf('embedder', server) };
    },

    /** The language model writing answers now (saved, else LLM_*), or undefined: the built-in quotes. */
    async answerWriter(): Promise<LlmConfig | undefined> {
      const saved = await readAnswerModels(db);
      if (!saved) return config.llm;
      if (saved.writer.kind === 'quotes') return undefined;
      const { server } = saved.writer;
      return { baseUrl: server.base_url, model: server.model, apiKey: await keyOf('writer', server), timeoutMs: config.llmTimeoutMs };
    },
  };
}

export type AnswerModelSettings = ReturnType<typeof answerModelSettings>;

/**
 * The knowledge store with the embedders the Answers card chooses (else EMBEDDINGS_*, which `embedder` is): the
 * server's and `npm run reindex`'s.
 */
export const chosenKnowledgeStore = (
  db: Db,
  config: AnswerModelsConfig,
  embedder: Embedder,
  onPrepared?: KnowledgeStoreOptions['onPrepared'],
): KnowledgeStore => {
  const settings = answerModelSettings(db, config);
  return createKnowledgeStore(db, embedder, {
    environment: environmentEmbedder(config),
    source: { chosen: () => settings.chosenEmbedder(), access: (choice) => settings.embedderAccess(choice) },
    ...(onPrepared ? { onPrepared } : {}),
  });
};

/** The embedder EMBEDDINGS_* names, which the server starts with. */
export const environmentEmbedder = (config: Pick<Config, 'embeddings'>): EmbedderChoice =>
  config.embeddings ? { kind: 'api', base_url: config.embeddings.baseUrl.replace(/\/+$/, ''), model: config.embeddings.model, sealed_key: null } : { kind: 'built_in' };
