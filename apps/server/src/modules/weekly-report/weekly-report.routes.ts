import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, rowsAnswer, successAnswer } from '@steward/contract/envelope';
import { mailDeliveryOutcome } from '@steward/contract/mail-delivery';
import { canManageOwnWeeklyReport, canOfferWeeklyReport } from '@steward/contract/permissions';
import {
  unsubscribeTokenParam,
  WEEKLY_REPORT_MESSAGES,
  weeklyReportOfferRequest,
  weeklyReportOfferRow,
  weeklyReportSubscriptionRequest,
  weeklyReportSubscriptionRow,
  weeklyReportUnsubscribeRow,
} from '@steward/contract/weekly-report';
import type { AppContext } from '../../app-context.ts';
import { HttpError } from '../../lib/http-error.ts';
import { mailDeliveryOf } from '../../mail/mail-delivery.ts';
import { signedIn, signedInActor } from '../../plugins/access.ts';
import { findUserById } from '../auth/users.repository.ts';
import { memberOfUnsubscribeToken } from './unsubscribe-token.ts';
import { queueSampleReport } from './weekly-report-job.ts';
import { setOwnSubscription, setWeeklyReportOffer, unsubscribeByLink } from './weekly-report.actions.ts';
import { isSubscribed, readWeeklyReportOffer } from './weekly-report.repository.ts';

const OWN_ACCOUNT_ONLY = 'You can only change your own weekly report.';

/**
 * The weekly report's calls (docs/integrations.md#the-weekly-report): the instance's offer and a sample to oneself
 * (administrators, a card on Integrations), a member's own opt-in (User Detail, only while offered), and the mail's unsubscribe link, public
 * and signed: a page reads it, then one POST stops the report, the page's button or a mail reader's one-click
 * (RFC 8058: `List-Unsubscribe=One-Click` sent as a form, the token in the address).
 */
export async function weeklyReportRoutes(app: FastifyInstance, { db, config, knowledge }: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/weekly-report/offer',
    { config: { access: canOfferWeeklyReport }, schema: { response: { 200: rowsAnswer(weeklyReportOfferRow) } } },
    async () => ({ success: true as const, data: { rows: [{ offered: await readWeeklyReportOffer(db) }] } }),
  );

  api.post(
    '/api/weekly-report/offer',
    { config: { access: canOfferWeeklyReport }, schema: { body: weeklyReportOfferRequest, response: { 200: successAnswer } } },
    async (request) => {
      await db.transaction((tx) => setWeeklyReportOffer(tx, signedInActor(request), request.body.offered));
      return { success: true as const };
    },
  );

  api.post(
    '/api/weekly-report/sample',
    { config: { access: canOfferWeeklyReport }, schema: { response: { 200: rowsAnswer(mailDeliveryOutcome) } } },
    async (request) => {
      await queueSampleReport({ db, config, knowledge }, signedIn(request).id, new Date());
      return { success: true as const, data: { rows: [mailDeliveryOf(config)] } };
    },
  );

  const params = z.object({ id: idParam });
  const ownAccount = (request: Parameters<typeof signedIn>[0], accountId: number) => {
    if (!canManageOwnWeeklyReport(signedIn(request), accountId)) throw new HttpError(403, OWN_ACCOUNT_ONLY);
  };

  api.get(
    '/api/user/:id/weekly-report',
    { config: { access: 'login' }, schema: { params, response: { 200: rowsAnswer(weeklyReportSubscriptionRow) } } },
    async (request) => {
      ownAccount(request, request.params.id);
      const row = { offered: await readWeeklyReportOffer(db), subscribed: await isSubscribed(db, request.params.id) };
      return { success: true as const, data: { rows: [row] } };
    },
  );

  api.post(
    '/api/user/:id/weekly-report',
    { config: { access: 'login' }, schema: { params, body: weeklyReportSubscriptionRequest, response: { 200: successAnswer } } },
    async (request) => {
      ownAccount(request, request.params.id);
      await db.transaction((tx) => setOwnSubscription(tx, signedInActor(request), request.body.subscribed));
      return { success: true as const };
    },
  );

  const tokenParams = z.object({ token: unsubscribeTokenParam });
  const memberOfLink = async (token: string) => {
    const memberId = await memberOfUnsubscribeToken(db, token);
    const member = memberId === undefined ? undefined : await findUserById(db, memberId);
    if (!member) throw new HttpError(404, WEEKLY_REPORT_MESSAGES.linkInvalid);
    return member;
  };

  api.get(
    '/api/weekly-report/unsubscribe/:token',
    { config: { access: 'public' }, schema: { params: tokenParams, response: { 200: rowsAnswer(weeklyReportUnsubscribeRow) } } },
    async (request, reply) => {
      const member = await memberOfLink(request.params.token);
      void reply.header('cache-control', 'no-store');
      return { success: true as const, data: { rows: [{ email: member.email, subscribed: await isSubscribed(db, member.id) }] } };
    },
  );

  // A scope of its own: only this call reads a form (a mail reader's one-click POST), no other route does.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/weekly-report/unsubscribe/:token',
      { config: { access: 'public' }, schema: { params: tokenParams, response: { 200: successAnswer } } },
      async (request) => {
        const member = await memberOfLink(request.params.token);
        await db.transaction((tx) => unsubscribeByLink(tx, member, request.ip));
        return { success: true as const };
      },
    );
  });
}
