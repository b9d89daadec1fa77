import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, rowsAnswer, successAnswer } from '@steward/contract/envelope';
import { canManageWebhooks } from '@steward/contract/permissions';
import {
  createWebhookEndpointRequest,
  updateWebhookEndpointRequest,
  WEBHOOK_DELIVERIES_PAGE_SIZE,
  WEBHOOK_MESSAGES,
  webhookDeliveriesAnswer,
  webhookDeliveriesQuery,
  webhookDeliveryRow,
  webhookEndpointRow,
  webhookEndpointWithSecret,
  webhookTestMessageResult,
} from '@steward/contract/webhooks';
import type { AppContext } from '../../app-context.ts';
import { HttpError } from '../../lib/http-error.ts';
import { signedInActor } from '../../plugins/access.ts';
import {
  changeWebhookEndpoint,
  createWebhookEndpoint,
  presentWebhookDelivery,
  presentWebhookEndpoint,
  redeliverWebhook,
  removeWebhookEndpoint,
  rotateWebhookSecret,
} from './webhooks.actions.ts';
import { sendWebhookTestMessage } from './webhook-test-message.ts';
import { findWebhookEndpoint, listWebhookDeliveriesPage, listWebhookEndpoints } from './webhooks.repository.ts';

const idParams = z.object({ id: idParam });
const deliveryParams = z.object({ id: idParam, deliveryId: idParam });

/** Issue 57 (docs/integrations.md): the Integrations screen's webhook endpoints, administrators only. Only a create's and a rotation's answer hold a secret. */
export async function webhooksRoutes(app: FastifyInstance, { db, config }: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const access = { access: canManageWebhooks };

  api.get('/api/webhook-endpoints', { config: access, schema: { response: { 200: rowsAnswer(webhookEndpointRow) } } }, async () => ({
    success: true as const,
    data: { rows: (await listWebhookEndpoints(db)).map(presentWebhookEndpoint) },
  }));

  api.post(
    '/api/webhook-endpoints',
    { config: access, schema: { body: createWebhookEndpointRequest, response: { 200: rowsAnswer(webhookEndpointWithSecret) } } },
    async (request, reply) => {
      const actor = signedInActor(request);
      const row = await db.transaction((tx) => createWebhookEndpoint(tx, actor, config, request.body));
      void reply.header('cache-control', 'no-store');
      return { success: true as const, data: { rows: [row] } };
    },
  );

  api.post(
    '/api/webhook-endpoints/:id',
    { config: access, schema: { params: idParams, body: updateWebhookEndpointRequest, response: { 200: rowsAnswer(webhookEndpointRow) } } },
    async (request) => {
      const actor = signedInActor(request);
      const row = await db.transaction((tx) => changeWebhookEndpoint(tx, actor, request.params.id, request.body));
      return { success: true as const, data: { rows: [row] } };
    },
  );

  api.post('/api/webhook-endpoints/:id/delete', { config: access, schema: { params: idParams, response: { 200: successAnswer } } }, async (request) => {
    const actor = signedInActor(request);
    await db.transaction((tx) => removeWebhookEndpoint(tx, actor, request.params.id));
    return { success: true as const };
  });

  api.post(
    '/api/webhook-endpoints/:id/rotate-secret',
    { config: access, schema: { params: idParams, response: { 200: rowsAnswer(webhookEndpointWithSecret) } } },
    async (request, reply) => {
      const actor = signedInActor(request);
      const row = await db.transaction((tx) => rotateWebhookSecret(tx, actor, config, request.params.id, new Date()));
      void reply.header('cache-control', 'no-store');
      return { success: true as const, data: { rows: [row] } };
    },
  );

  // A 200 says the message was tried; `sent` says whether the receiver took it (its answer, or the error, beside).
  api.post(
    '/api/webhook-endpoints/:id/test-message',
    { config: access, schema: { params: idParams, response: { 200: rowsAnswer(webhookTestMessageResult) } } },
    async (request) => {
      const actor = signedInActor(request);
      const row = await sendWebhookTestMessage(db, actor, config, request.params.id);
      return { success: true as const, data: { rows: [row] } };
    },
  );

  api.get(
    '/api/webhook-endpoints/:id/deliveries',
    { config: access, schema: { params: idParams, querystring: webhookDeliveriesQuery, response: { 200: webhookDeliveriesAnswer } } },
    async (request) => {
      if (!(await findWebhookEndpoint(db, request.params.id))) throw new HttpError(404, WEBHOOK_MESSAGES.notFound);
      const { page } = request.query;
      const { rows, total } = await listWebhookDeliveriesPage(db, request.params.id, page, WEBHOOK_DELIVERIES_PAGE_SIZE);
      return { success: true as const, data: { rows: rows.map(presentWebhookDelivery), total, page, page_size: WEBHOOK_DELIVERIES_PAGE_SIZE } };
    },
  );

  api.post(
    '/api/webhook-endpoints/:id/deliveries/:deliveryId/redeliver',
    { config: access, schema: { params: deliveryParams, response: { 200: rowsAnswer(webhookDeliveryRow) } } },
    async (request) => {
      const actor = signedInActor(request);
      const row = await db.transaction((tx) => redeliverWebhook(tx, actor, request.params.id, request.params.deliveryId));
      return { success: true as const, data: { rows: [row] } };
    },
  );
}
