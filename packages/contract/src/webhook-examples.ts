import type { WebhookEventType, WebhookPayload } from './webhooks.ts';

/**
 * One example body of each webhook event (docs/integrations.md shows them; the OpenAPI document carries each as its
 * component's `example`). An endpoint without personal data gets these shapes; webhook-examples.test.ts parses each
 * with its schema, so an example cannot drift from what is sent.
 */
export const WEBHOOK_PAYLOAD_EXAMPLES: { [Type in WebhookEventType]: Extract<WebhookPayload, { type: Type }> } = {
  'help_request.created': {
    type: 'help_request.created',
    timestamp: '2026-11-29T07:00:00.000Z',
    data: {
      id: 12,
      status: 'pending',
      message: 'My kettle leaks, call me at [phone]',
      origin_url: 'https://shop.example.com/kettles',
      created_at: '2026-11-29T07:00:00.000Z',
      url: 'https://steward.example.com/help-requests/12',
    },
  },
  'help_request.resolved': {
    type: 'help_request.resolved',
    timestamp: '2026-11-29T09:30:00.000Z',
    data: {
      id: 12,
      status: 'resolved',
      message: 'My kettle leaks, call me at [phone]',
      origin_url: 'https://shop.example.com/kettles',
      created_at: '2026-11-29T07:00:00.000Z',
      url: 'https://steward.example.com/help-requests/12',
    },
  },
  'help_request.reopened': {
    type: 'help_request.reopened',
    timestamp: '2026-11-29T10:00:00.000Z',
    data: {
      id: 12,
      status: 'pending',
      message: 'My kettle leaks, call me at [phone]',
      origin_url: 'https://shop.example.com/kettles',
      created_at: '2026-11-29T07:00:00.000Z',
      url: 'https://steward.example.com/help-requests/12',
    },
  },
  'feedback.thumbs_down': {
    type: 'feedback.thumbs_down',
    timestamp: '2026-11-29T07:01:00.000Z',
    data: {
      id: 40,
      rating: 'down',
      question: 'How long is the warranty?',
      answer_html: '<p>One year.</p>',
      comment: 'It is two years',
      session_id: 's-81',
      created_at: '2026-11-29T07:01:00.000Z',
      url: 'https://steward.example.com/feedback/40',
    },
  },
  'correction.pending': {
    type: 'correction.pending',
    timestamp: '2026-11-29T07:03:00.000Z',
    data: { id: 7, status: 'pending', content: 'The warranty is two years.', question: 'How long is the warranty?', url: 'https://steward.example.com/inform-the-bot' },
  },
  'correction.approved': {
    type: 'correction.approved',
    timestamp: '2026-11-29T07:05:00.000Z',
    data: { id: 7, status: 'approved', content: 'The warranty is two years.', question: 'How long is the warranty?', url: 'https://steward.example.com/inform-the-bot' },
  },
  'document.indexed': {
    type: 'document.indexed',
    timestamp: '2026-11-29T08:00:00.000Z',
    data: {
      id: 31,
      title: 'Warranty terms',
      filename: 'warranty.pdf',
      source_url: 'https://shop.example.com/warranty.pdf',
      status: 'completed',
      error_message: null,
      new_version: false,
      url: 'https://steward.example.com/documents',
    },
  },
  'document.failed': {
    type: 'document.failed',
    timestamp: '2026-11-29T08:01:00.000Z',
    data: {
      id: 32,
      title: 'Scanned leaflet',
      filename: 'leaflet.pdf',
      source_url: '',
      status: 'error',
      error_message: 'This document has no text to index.',
      new_version: false,
      url: 'https://steward.example.com/documents',
    },
  },
  'source.synced': {
    type: 'source.synced',
    timestamp: '2026-11-29T03:00:00.000Z',
    data: {
      sync_id: 118,
      source: { kind: 'site', id: 4, url: 'https://shop.example.com/help/' },
      trigger: 'schedule',
      status: 'completed',
      message: null,
      started_at: '2026-11-29T02:58:10.000Z',
      finished_at: '2026-11-29T03:00:00.000Z',
      counts: { checked: 42, unchanged: 38, changed: 2, added: 1, removed: 1, failed: 0 },
      url: 'https://steward.example.com/documents',
    },
  },
  'coverage_gap.appeared': {
    type: 'coverage_gap.appeared',
    timestamp: '2026-11-29T11:00:00.000Z',
    data: {
      key: 'gap_5b1c0e9f3a7d2c4e',
      question: 'Do you ship to Norway?',
      count: 3,
      first_seen: '2026-11-27T15:12:00.000Z',
      last_seen: '2026-11-29T10:41:00.000Z',
      examples: ['Can I order from Norway?', 'shipping to norway'],
      url: 'https://steward.example.com/insights',
    },
  },
};
