import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { rowsAnswer } from '@steward/contract/envelope';
import { gettingStartedRow } from '@steward/contract/getting-started';
import { REVIEW_INFORMATION_CAPABILITY } from '@steward/contract/permissions';
import type { AppContext } from '../../app-context.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import { readCounter } from '../../lib/list-counters.ts';
import { readBotAppearance } from '../bot-settings/bot-appearance.repository.ts';
import { countUsableIntegrationKeys } from '../integration-keys/integration-keys.repository.ts';

/** GET /api/getting-started: the first-run checklist's facts (see contract getting-started.ts). */
export async function gettingStartedRoutes(app: FastifyInstance, { db, config }: AppContext): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/getting-started',
    { config: { access: 'login' }, schema: { response: { 200: rowsAnswer(gettingStartedRow) } } },
    async () => {
      // Staff and documents are small tables; the conversations come from their list counter.
      const [counts] = await sqlRows<{ documents: number | string; approvers: number | string }>(db, sql`
        SELECT (SELECT count(*) FROM documents) AS documents,
          (SELECT count(*) FROM users JOIN role_capabilities ON role_capabilities.role = users.role
            WHERE role_capabilities.capability = ${REVIEW_INFORMATION_CAPABILITY}) AS approvers`);
      const ownOrigin = new URL(config.publicUrl).origin;
      const environmentSites = config.botAllowedOrigins.filter((origin) => origin !== ownOrigin);
      const savedSites = (await readBotAppearance(db)).allowed_sites.filter((origin) => origin !== ownOrigin && !environmentSites.includes(origin));
      return {
        success: true as const,
        data: {
          rows: [
            {
              bot_api_key_configured: Boolean(config.botApiKey),
              integration_keys: await countUsableIntegrationKeys(db, new Date()),
              allowed_sites: environmentSites.length + savedSites.length,
              conversations: await readCounter(db, 'history'),
              documents: Number(counts?.documents ?? 0),
              approvers: Number(counts?.approvers ?? 0),
              public_url: config.publicUrl,
            },
          ],
        },
      };
    },
  );
}
