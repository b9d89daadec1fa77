import type { Migration } from './migration.ts';

/**
 * Approved Inform-the-Bot items join the knowledge store (issue 11): queues the indexing of the
 * items approved before this version, on the queue inform-the-bot-indexing.ts handles.
 */
export const informTheBotKnowledge: Migration = {
  name: '0502-inform-the-bot-knowledge',
  sql: /* sql */ `
INSERT INTO jobs (queue, payload)
  SELECT 'inform-the-bot-indexing', jsonb_build_object('id', id) FROM inform_the_bot WHERE status = 'approved';
`,
};
