import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { rowsAnswer, successAnswer } from '@steward/contract/envelope';
import { canUpdateBotSettings } from '@steward/contract/permissions';
import { saveVisitorMailRequest, visitorMailRow } from '@steward/contract/visitor-mail';
import type { AppContext } from '../../app-context.ts';
import { mailDeliveryOf, mailFromAddress } from '../../mail/mail-delivery.ts';
import { signedInActor } from '../../plugins/access.ts';
import { saveVisitorMail } from './bot-settings.actions.ts';
import { defaultVisitorSenderName, readVisitorMail } from './visitor-mail.repository.ts';

/**
 * GET /api/visitor-mail (login): Bot Settings' Mail to visitors, with the name used while none is saved, the address
 * mails come from and how the server sends mail (SMTP or the outbox: signed-in staff only). POST (update_bot_settings)
 * saves it, audited.
 */
export async function visitorMailRoutes(app: FastifyInstance, { db, config }: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/visitor-mail', { config: { access: 'login' }, schema: { response: { 200: rowsAnswer(visitorMailRow) } } }, async () => ({
    success: true as const,
    data: {
      rows: [
        {
          ...(await readVisitorMail(db)),
          default_sender_name: await defaultVisitorSenderName(db),
          from_address: mailFromAddress(config.mailFrom),
          ...mailDeliveryOf(config),
        },
      ],
    },
  }));

  api.post(
    '/api/visitor-mail',
    { config: { access: canUpdateBotSettings }, schema: { body: saveVisitorMailRequest, response: { 200: successAnswer } } },
    async (request) => {
      const actor = signedInActor(request);
      await db.transaction((tx) => saveVisitorMail(tx, actor, request.body.visitor_mail));
      return { success: true as const };
    },
  );
}
