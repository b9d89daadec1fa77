import { feedbackRow } from '@steward/contract/feedback';
import { helpRequestListRow } from '@steward/contract/help-requests';
import { historyRow } from '@steward/contract/history';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSONAL_DATA_MASKING_SETTING } from '../modules/bot-settings/personal-data-masking.repository.ts';
import { FEEDBACK_COUNTERS } from '../modules/feedback/feedback.counters.ts';
import { shownColumns as feedbackColumns } from '../modules/feedback/feedback.repository.ts';
import { HELP_REQUEST_COUNTERS } from '../modules/help-requests/help-requests.counters.ts';
import { insertHelpRequest, SHOWN_COLUMNS as helpRequestColumns } from '../modules/help-requests/help-requests.repository.ts';
import { COVERAGE_GAP_COUNTER, HISTORY_COUNTER } from '../modules/history/history.counters.ts';
import { shownColumns as historyColumns } from '../modules/history/history.repository.ts';
import { INFORM_THE_BOT_COUNTER } from '../modules/inform-the-bot/inform-the-bot.counters.ts';
import { insertFeedback } from '../test/conversation-factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { SEARCH_COUNTERS } from './migrations/1100-search-functions.ts';
import { PAGE_COUNTERS } from './migrations/1300-list-page-functions.ts';
import { HELP_REQUEST_HITS_COUNTER } from './migrations/2000-help-request-hits-static.ts';
import { INFORM_THE_BOT_LIST_COUNTER } from './migrations/2400-inform-the-bot-counter-in-code.ts';
import { MASKING_SETTING } from './migrations/3300-personal-data-masking.ts';
import { SITE_EXPRESSIONS } from './migrations/2610-list-triage.ts';
import { siteOf } from '../lib/list-filter-sql.ts';
import { parseJsonRows } from './json-rows.ts';
import { sqlRows } from './sql-rows.ts';

/**
 * Migrations that have shipped never change, so they import no live feature code: what they share with the
 * modules (the list_counters names, the columns a page function answers, the expressions an index is on) is written twice and pinned here, as
 * schema-drift.test.ts pins the tables.
 */
describe('the migrations are pinned to the modules they were written for', () => {
  it('names the list counters as the modules do (migrations 1100, 1300, 2000, 2400)', () => {
    expect(SEARCH_COUNTERS).toEqual({ history: HISTORY_COUNTER, feedback: FEEDBACK_COUNTERS.all, helpRequests: HELP_REQUEST_COUNTERS.all });
    expect(PAGE_COUNTERS).toEqual({
      history: HISTORY_COUNTER,
      coverageGaps: COVERAGE_GAP_COUNTER,
      feedback: FEEDBACK_COUNTERS,
      helpRequests: HELP_REQUEST_COUNTERS,
    });
    expect(HELP_REQUEST_HITS_COUNTER).toBe(HELP_REQUEST_COUNTERS.all);
    expect(INFORM_THE_BOT_LIST_COUNTER).toBe(INFORM_THE_BOT_COUNTER);
  });

  it('reads the masking setting from the bot_settings row the module writes (migration 3300)', () => {
    expect(MASKING_SETTING).toBe(PERSONAL_DATA_MASKING_SETTING);
  });

  it('indexes the site the origin filter compares (migration 2610)', () => {
    expect(SITE_EXPRESSIONS).toEqual({ origin: siteOf('origin'), origin_url: siteOf('origin_url') });
  });

  describe("each list's page function answers its repository's columns (migration 1300)", () => {
    let testApp: TestApp;
    beforeAll(async () => {
      testApp = await createTestApp();
      await insertFeedback(testApp.db);
      await testApp.db.transaction((tx) =>
        insertHelpRequest(tx, { name: 'Ada', email: 'ada@example.com', message: 'Help', time: new Date(), country: 'GB' }),
      );
    });
    afterAll(() => testApp.close());

    /** The keys of the first row of the function's first page, read from the top as lib/page-anchors.ts reads it. */
    const firstPageKeys = async (name: string, filter: boolean | string): Promise<string[]> => {
      const [answer] = await sqlRows<{ page: string | null }>(testApp.db, sql`
        SELECT page FROM ${sql.identifier(name)}(${filter}, NULL, NULL, NULL, 0, 'infinity', 9223372036854775807, 0, 1)`);
      const [row] = parseJsonRows<Record<string, unknown>>(answer?.page ?? '[]');
      return Object.keys(row ?? {}).sort();
    };

    it.each([
      ['steward_history_page', false, Object.keys(historyColumns)],
      ['steward_feedback_page', '', Object.keys(feedbackColumns)],
      ['steward_help_requests_page', '', [...helpRequestColumns]],
    ] as const)('%s', async (name, filter, columns) => {
      expect(await firstPageKeys(name, filter)).toEqual([...columns].sort());
    });

    it.each([
      ['steward_history_shown_page', false, historyRow],
      ['steward_feedback_shown_page', '', feedbackRow],
      ['steward_help_requests_shown_page', '', helpRequestListRow],
    ] as const)("%s answers the contract's rows, in their order (migrations 3720, 3740)", async (name, filter, contractRow) => {
      const [answer] = await sqlRows<{ page: string | null }>(testApp.db, sql`
        SELECT page FROM ${sql.identifier(name)}(${filter}, NULL, NULL, NULL, 0, 'infinity', 9223372036854775807, 0, 1)`);
      const [row] = parseJsonRows<Record<string, unknown>>(answer?.page ?? '[]');
      expect(Object.keys(row ?? {})).toEqual(Object.keys(contractRow.shape));
    });
  });
});
