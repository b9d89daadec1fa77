import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { rowsAnswer } from '@steward/contract/envelope';
import { PAGE_SIZE } from '@steward/contract/paging';
import { canReadUserAccounts } from '@steward/contract/permissions';
import {
  rerankAnswer,
  rerankRequest,
  SEARCH_COUNT_CAP,
  searchAnswer,
  searchHit,
  searchRequest,
  searchResultsRequest,
  TOP_BAR_COUNT_CAP,
} from '@steward/contract/search';
import type { AppContext } from '../../app-context.ts';
import { maskIf } from '../../lib/personal-data.ts';
import { signedIn } from '../../plugins/access.ts';
import { readPersonalDataMasking } from '../bot-settings/personal-data-masking.repository.ts';
import { bestOf, rankResults } from './rerank.ts';
import { maskHistoryHit, maskTopBarFound } from './search.presenter.ts';
import { searchHistory, searchTopBar, searchUserAccounts } from './search.repository.ts';
import { allWords, parseSearchText, toTsQuery } from './search-text.ts';

const nothing = { rows: [], total_count: 0 };

/** The top bar's global search, its best match, and the search results page (docs/search.md). */
export async function searchRoutes(app: FastifyInstance, { db, knowledge, log }: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post('/api/search', { config: { access: 'login' }, schema: { body: searchRequest, response: { 200: searchAnswer } } }, async (request) => {
    const viewer = signedIn(request);
    const parsed = parseSearchText(request.body.search);
    const tsQuery = toTsQuery(parsed);
    const window = { limit: request.body.limit, offset: request.body.page * request.body.limit, countCap: TOP_BAR_COUNT_CAP };
    const users = canReadUserAccounts(viewer) ? await searchUserAccounts(db, allWords(parsed), window) : nothing;
    if (!tsQuery) return { success: true as const, data: { chatHistory: nothing, feedback: nothing, helpRequests: nothing, userAccounts: users } };
    const found = maskIf(await readPersonalDataMasking(db), maskTopBarFound)(await searchTopBar(db, tsQuery, allWords(parsed), window));
    return {
      success: true as const,
      data: { chatHistory: found.history, feedback: found.feedback, helpRequests: found.helpRequests, userAccounts: users },
    };
  });

  api.post('/api/search/rerank', { config: { access: 'login' }, schema: { body: rerankRequest, response: { 200: rerankAnswer } } }, async (request) => {
    const ranked = await rankResults({ db, embedder: knowledge.queryEmbedder, log }, request.body.query, request.body.results);
    return { success: true as const, data: { bestMatch: bestOf(ranked) } };
  });

  api.post(
    '/api/search/history',
    { config: { access: 'login' }, schema: { body: searchResultsRequest, response: { 200: rowsAnswer(searchHit) } } },
    async (request) => {
      const tsQuery = toTsQuery(parseSearchText(request.body.search));
      if (!tsQuery) return { success: true as const, data: { rows: [] } };
      const size = PAGE_SIZE.searchResults;
      const found = await searchHistory(db, tsQuery, { limit: size, offset: request.body.page * size, countCap: SEARCH_COUNT_CAP });
      const shown = maskIf(await readPersonalDataMasking(db), maskHistoryHit);
      return { success: true as const, data: { rows: found.rows.map((row) => ({ ...shown(row), total_count: found.total_count })) } };
    },
  );
}
