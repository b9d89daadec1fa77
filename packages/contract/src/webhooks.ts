import { z } from 'zod';
import { isoTimestamp } from './envelope.ts';
import { syncCountsAnswer } from './sites.ts';

/**
 * Issue 57, outbound webhooks (docs/integrations.md): endpoints an administrator adds on the Integrations screen,
 * each told of the events it chose, signed as the Standard Webhooks specification says (webhook-id,
 * webhook-timestamp, webhook-signature), with a secret of its own shown once.
 */

/** Every event an endpoint can choose, in the order the screen shows them. */
export const WEBHOOK_EVENT_TYPES = [
  'help_request.created',
  'help_request.resolved',
  'help_request.reopened',
  'feedback.thumbs_down',
  'correction.pending',
  'correction.approved',
  'document.indexed',
  'document.failed',
  'source.synced',
  'coverage_gap.appeared',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'help_request.created': 'A help request is created',
  'help_request.resolved': 'A help request is resolved',
  'help_request.reopened': 'A help request is reopened',
  'feedback.thumbs_down': 'An answer gets a thumbs down',
  'correction.pending': 'A correction waits for approval',
  'correction.approved': 'A correction is approved',
  'document.indexed': 'A document is indexed',
  'document.failed': 'A document fails to be indexed',
  'source.synced': 'A website or a linked PDF is synced',
  'coverage_gap.appeared': 'A coverage gap appears',
};

/**
 * When a coverage gap "appears" (coverage_gap.appeared, docs/integrations.md): a group of similar questions the bot
 * could not answer, as Insights groups them over the last `windowDays`, reaches `minQuestions`. It is told once: a
 * gap (any of its wordings) told in the last `forgetDays` is not told again. Checked every `checkEveryMinutes`.
 */
export const COVERAGE_GAP_ALERT = { minQuestions: 3, windowDays: 7, forgetDays: 90, checkEveryMinutes: 60 } as const;

/**
 * What an endpoint is: a receiver of signed Standard Webhooks events, or a chat channel's incoming-webhook URL
 * (Slack, Microsoft Teams) that gets each event as a readable message, unsigned (the URL is its secret).
 */
export const WEBHOOK_ENDPOINT_KINDS = ['standard', 'slack', 'teams'] as const;
export type WebhookEndpointKind = (typeof WEBHOOK_ENDPOINT_KINDS)[number];
export const WEBHOOK_ENDPOINT_KIND_LABELS: Record<WebhookEndpointKind, string> = {
  standard: 'Signed webhook (Standard Webhooks)',
  slack: 'Slack message',
  teams: 'Microsoft Teams message',
};
/** The events a chat endpoint (Slack, Teams) can choose: the ones worth a message in a channel. */
export const CHAT_ALERT_EVENT_TYPES = ['help_request.created', 'feedback.thumbs_down'] as const satisfies readonly WebhookEventType[];
export const isChatKind = (kind: WebhookEndpointKind): boolean => kind !== 'standard';

/** The secret's prefix, as the specification writes it: `whsec_` and the key in base64. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/**
 * The waits between attempts (the specification's example schedule): the first at once, then 5 s, 5 min,
 * 30 min, 2 h, 5 h, 10 h and 10 h, eight attempts over about 27 hours.
 */
export const WEBHOOK_RETRY_DELAYS_SECONDS = [5, 300, 1_800, 7_200, 18_000, 36_000, 36_000] as const;
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_DELAYS_SECONDS.length + 1;

/** An endpoint failing for this long (every attempt since) is disabled and its administrators are mailed. */
export const WEBHOOK_DISABLE_AFTER_HOURS = 24;

/** After a rotation, the old secret still signs (a second signature) for this long, so receivers can switch. */
export const WEBHOOK_PREVIOUS_SECRET_HOURS = 24;

export const WEBHOOK_URL_MAX = 2_000;
export const WEBHOOK_DESCRIPTION_MAX = 200;
export const WEBHOOK_DELIVERIES_PAGE_SIZE = 20;
/** The most characters of a receiver's answer kept with a delivery. */
export const WEBHOOK_RESPONSE_EXCERPT_MAX = 500;

export const WEBHOOK_MESSAGES = {
  urlRequired: 'Enter the URL that receives the events.',
  urlInvalid: 'Enter a full URL, starting with https://.',
  urlNotHttps: 'The URL must start with https://.',
  urlTooLong: `The URL must be at most ${WEBHOOK_URL_MAX} characters long.`,
  urlPrivate: 'This URL points to a private network address; events cannot be sent there.',
  descriptionTooLong: `The description must be at most ${WEBHOOK_DESCRIPTION_MAX} characters long.`,
  eventsRequired: 'Choose at least one event.',
  eventUnknown: 'That is not one of the events an endpoint can receive.',
  notFound: 'There is no webhook endpoint with this id.',
  deliveryNotFound: 'There is no delivery with this id for this endpoint.',
  created: 'The endpoint is added. Copy its signing secret now: it is not shown again.',
  rotated: 'The new signing secret is made. Copy it now: it is not shown again. The old one still signs for 24 hours.',
  saved: 'The endpoint is saved.',
  deleted: 'The endpoint is deleted.',
  redelivered: 'The event is queued to be sent again.',
  kindUnknown: 'Choose what kind of endpoint this is.',
  chatEventNotAllowed: 'A Slack or Teams endpoint can receive new help requests and thumbs-down answers only.',
  chatCreated: 'The endpoint is added. Send a test message to check that it reaches the channel.',
  testMessageStandard: 'Test messages are sent to Slack and Teams endpoints only.',
  testMessageSent: 'The test message is sent: the receiver answered',
  testMessageFailed: 'The test message was not accepted:',
  confirmDelete: 'Delete this endpoint? It receives no more events, and its deliveries are deleted with it.',
  confirmRotate: 'Make a new signing secret? The old one keeps signing beside it for 24 hours, then stops.',
  empty: 'No webhook endpoints yet.',
  noDeliveries: 'No deliveries yet.',
  /** Said in the delivery's excerpt when the endpoint was disabled before it could be sent. */
  endpointDisabled: 'Not sent: the endpoint is disabled.',
  disabledFailing: `Disabled: every delivery failed for ${WEBHOOK_DISABLE_AFTER_HOURS} hours.`,
  disabledGone: 'Disabled: the receiver answered 410 Gone, asking for no more events.',
} as const;

const url = z
  .string({ error: WEBHOOK_MESSAGES.urlRequired })
  .trim()
  .min(1, WEBHOOK_MESSAGES.urlRequired)
  .max(WEBHOOK_URL_MAX, WEBHOOK_MESSAGES.urlTooLong)
  .regex(/^https?:\/\/[^\s/?#]+[^\s]*$/i, WEBHOOK_MESSAGES.urlInvalid);

const description = z.string().trim().max(WEBHOOK_DESCRIPTION_MAX, WEBHOOK_MESSAGES.descriptionTooLong);

const events = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: WEBHOOK_MESSAGES.eventUnknown }), { error: WEBHOOK_MESSAGES.eventsRequired })
  .min(1, WEBHOOK_MESSAGES.eventsRequired);

/** Events in the contract's order, each once. */
export const inEventOrder = (chosen: readonly WebhookEventType[]): WebhookEventType[] => WEBHOOK_EVENT_TYPES.filter((type) => chosen.includes(type));

/**
 * POST /api/webhook-endpoints. The server also refuses http:// (unless ALLOW_PRIVATE_URLS, a test switch) and a
 * host inside the network.
 */
const kind = z.enum(WEBHOOK_ENDPOINT_KINDS, { error: WEBHOOK_MESSAGES.kindUnknown });

/** A chat endpoint's events are the chat alerts only (checked on the request and the form alike). */
const chatEventsOnly = (value: { kind: WebhookEndpointKind; events: readonly WebhookEventType[] }, context: z.core.$RefinementCtx): void => {
  if (isChatKind(value.kind) && value.events.some((event) => !(CHAT_ALERT_EVENT_TYPES as readonly string[]).includes(event))) {
    context.addIssue({ code: 'custom', path: ['events'], message: WEBHOOK_MESSAGES.chatEventNotAllowed });
  }
};

export const createWebhookEndpointRequest = z
  .strictObject({
    kind: kind.default('standard'),
    url,
    description: description.default(''),
    events,
    include_personal_data: z.boolean().default(false),
  })
  .superRefine(chatEventsOnly);
export type CreateWebhookEndpointRequest = z.input<typeof createWebhookEndpointRequest>;

/** The screen's form: the request's rules with every field present. */
export const webhookEndpointForm = z.object({ kind, url, description, events, include_personal_data: z.boolean() }).superRefine(chatEventsOnly);
export type WebhookEndpointForm = z.infer<typeof webhookEndpointForm>;

/** POST /api/webhook-endpoints/{id}: what changes (any of them). Enabling again clears a disabled endpoint's failures. */
export const updateWebhookEndpointRequest = z.strictObject({
  description: description.optional(),
  events: events.optional(),
  include_personal_data: z.boolean().optional(),
  enabled: z.boolean().optional(),
});
export type UpdateWebhookEndpointRequest = z.infer<typeof updateWebhookEndpointRequest>;

/** The screen's "Edit events" form: an endpoint's events from now on (sent as POST /api/webhook-endpoints/{id} { events }). */
export const webhookEventsForm = z.object({ events });
export type WebhookEventsForm = z.infer<typeof webhookEventsForm>;

/** An endpoint as the list shows it: never its secret. */
export const webhookEndpointRow = z.object({
  id: z.number().int(),
  kind: z.enum(WEBHOOK_ENDPOINT_KINDS),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  include_personal_data: z.boolean(),
  enabled: z.boolean(),
  /** Why it is disabled, when the server disabled it (null when an administrator did, or it is enabled). */
  disabled_reason: z.string().nullable(),
  failing_since: isoTimestamp.nullable(),
  created_at: isoTimestamp,
  created_by: z.string(),
  secret_rotated_at: isoTimestamp.nullable(),
});
export type WebhookEndpointRow = z.infer<typeof webhookEndpointRow>;

/** The answer of a create and of a rotation: the row and, this once, the signing secret. */
export const webhookEndpointWithSecret = webhookEndpointRow.extend({ secret: z.string() });
export type WebhookEndpointWithSecret = z.infer<typeof webhookEndpointWithSecret>;

/**
 * POST /api/webhook-endpoints/{id}/test-message: one message sent now to a Slack or Teams endpoint. `sent` is true
 * when the receiver answered 2xx; `status_code` is its answer (null when there was none) and `error` why it failed.
 */
export const webhookTestMessageResult = z.object({
  sent: z.boolean(),
  status_code: z.number().int().nullable(),
  error: z.string().nullable(),
});
export type WebhookTestMessageResult = z.infer<typeof webhookTestMessageResult>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** One event sent (or being sent) to one endpoint, with its latest attempt. */
export const webhookDeliveryRow = z.object({
  id: z.number().int(),
  /** The webhook-id header: the same on every attempt and redelivery, so receivers drop duplicates. */
  message_id: z.string(),
  event_type: z.enum(WEBHOOK_EVENT_TYPES),
  created_at: isoTimestamp,
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  last_attempt_at: isoTimestamp.nullable(),
  next_attempt_at: isoTimestamp.nullable(),
  status_code: z.number().int().nullable(),
  response_ms: z.number().int().nullable(),
  /** The start of the receiver's answer, or why there was none (at most WEBHOOK_RESPONSE_EXCERPT_MAX characters). */
  response_excerpt: z.string().nullable(),
});
export type WebhookDeliveryRow = z.infer<typeof webhookDeliveryRow>;

/** GET /api/webhook-endpoints/{id}/deliveries?page=N: newest first, WEBHOOK_DELIVERIES_PAGE_SIZE a page. */
export const webhookDeliveriesQuery = z.object({
  page: z.coerce.number({ error: 'The page must be a whole number.' }).int('The page must be a whole number.').min(0, 'The page must be zero or more.').max(100_000).default(0),
});
export const webhookDeliveriesAnswer = z.object({
  success: z.literal(true),
  data: z.object({ rows: z.array(webhookDeliveryRow), total: z.number().int(), page: z.number().int(), page_size: z.number().int() }),
});

// The payloads: `{ type, timestamp, data }`, as the specification recommends. Visitor fields are present only for
// an endpoint with include_personal_data; without it they are absent and free text has personal data masked.

const visitor = z.object({ name: z.string(), email: z.string() }).describe("The visitor's name and email: only for endpoints that include personal data.");

const helpRequestData = z.object({
  id: z.number().int(),
  status: z.enum(['pending', 'resolved']),
  message: z.string().describe("The visitor's words; emails, phone numbers and addresses masked unless the endpoint includes personal data."),
  origin_url: z.string().nullable(),
  created_at: isoTimestamp,
  url: z.string().describe('The help request in the dashboard.'),
  visitor: visitor.optional(),
});

const feedbackData = z.object({
  id: z.number().int(),
  rating: z.literal('down'),
  question: z.string(),
  answer_html: z.string(),
  comment: z.string(),
  session_id: z.string(),
  created_at: isoTimestamp,
  url: z.string().describe('The rating in the dashboard.'),
});

const correctionData = z.object({
  id: z.number().int(),
  status: z.enum(['pending', 'approved']),
  content: z.string(),
  question: z.string().nullable(),
  url: z.string().describe('Inform the Bot in the dashboard.'),
});

const documentData = z.object({
  id: z.number().int(),
  title: z.string(),
  filename: z.string(),
  source_url: z.string().describe('The address given with the document (empty when none was).'),
  status: z.enum(['completed', 'error']).describe("The document's state after the event: completed (it answers) or error."),
  /** Why it failed (document.failed), or null. */
  error_message: z.string().nullable(),
  /** True when a new version of a document was indexed or failed; its previous version answered until then. */
  new_version: z.boolean(),
  url: z.string().describe('The Documents screen in the dashboard.'),
});

const sourceSyncedData = z.object({
  sync_id: z.number().int(),
  source: z.object({
    kind: z.enum(['site', 'document']).describe('A website source, or a document added by URL.'),
    id: z.number().int(),
    url: z.string().describe("The website's start address, or the document's URL."),
  }),
  trigger: z.enum(['added', 'manual', 'schedule']),
  status: z.enum(['completed', 'failed']),
  message: z.string().nullable(),
  started_at: isoTimestamp.nullable(),
  finished_at: isoTimestamp,
  counts: syncCountsAnswer.describe("What the sync found: a website's pages, or a document's one URL."),
  url: z.string().describe('The Documents screen in the dashboard.'),
});

const coverageGapData = z.object({
  key: z.string().describe('The gap, the same on every instance: the question that leads it, normalised.'),
  question: z.string().describe("The question leading the group; visitors' personal data masked unless the endpoint includes it."),
  count: z.number().int().describe('How many times it was asked, unanswered, in the window when it appeared.'),
  first_seen: isoTimestamp,
  last_seen: isoTimestamp,
  examples: z.array(z.string()),
  url: z.string().describe('Insights in the dashboard.'),
});

const envelope = <Type extends WebhookEventType, Data extends z.ZodType>(type: Type, data: Data) =>
  z.object({ type: z.literal(type), timestamp: isoTimestamp, data });

/** Each event's body, by type (docs/integrations.md shows an example of each; the OpenAPI document lists them). */
export const WEBHOOK_PAYLOADS = {
  'help_request.created': envelope('help_request.created', helpRequestData),
  'help_request.resolved': envelope('help_request.resolved', helpRequestData),
  'help_request.reopened': envelope('help_request.reopened', helpRequestData),
  'feedback.thumbs_down': envelope('feedback.thumbs_down', feedbackData),
  'correction.pending': envelope('correction.pending', correctionData),
  'correction.approved': envelope('correction.approved', correctionData),
  'document.indexed': envelope('document.indexed', documentData),
  'document.failed': envelope('document.failed', documentData),
  'source.synced': envelope('source.synced', sourceSyncedData),
  'coverage_gap.appeared': envelope('coverage_gap.appeared', coverageGapData),
} as const satisfies Record<WebhookEventType, z.ZodType>;

const P = WEBHOOK_PAYLOADS;
/** Any event's body. */
export const webhookPayload = z.discriminatedUnion('type', [
  P['help_request.created'], P['help_request.resolved'], P['help_request.reopened'], P['feedback.thumbs_down'],
  P['correction.pending'], P['correction.approved'], P['document.indexed'], P['document.failed'], P['source.synced'],
  P['coverage_gap.appeared'],
]);
export type WebhookPayload = { [Type in WebhookEventType]: z.infer<(typeof WEBHOOK_PAYLOADS)[Type]> }[WebhookEventType];
export type WebhookPayloadData<Type extends WebhookEventType> = z.infer<(typeof WEBHOOK_PAYLOADS)[Type]>['data'];
