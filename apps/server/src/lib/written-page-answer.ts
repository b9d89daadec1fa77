import type { FastifyReply } from 'fastify';
import type { WrittenPage } from './page-anchors.ts';

/** The type Fastify gives the answers it serialises. */
const JSON_ANSWER = 'application/json; charset=utf-8';

/** filteredPageAnswer's envelope (contract's list-filters.ts) around a page's rows. */
interface PageEnvelope<Row> {
  success: true;
  data: { rows: Row[]; total_count: number; total_count_capped: false };
}

/**
 * The answer of a list's page the database wrote as the contract's rows (PageAnchors.readWrittenPage: History,
 * Feedback and Help Requests, migrations 3720 and 3740). With masking off, the text is sent as it is, in
 * filteredPageAnswer's envelope: no parse, no presenter, no schema check, no serialising (a third of a list's
 * time at a million rows). It skips the route's response check, so history-shown-rows.test.ts,
 * feedback-written-pages.test.ts and help-requests-written-pages.test.ts hold those pages to the presenters' instead. With masking on, the rows are
 * read, masked and answered as any other: the route's schema checks and writes them.
 */
export function answerWrittenPage<Row>(
  reply: FastifyReply,
  page: WrittenPage,
  masking: { on: boolean; mask: (row: Row) => Row },
): FastifyReply | PageEnvelope<Row> {
  if (!masking.on) {
    return reply.type(JSON_ANSWER).send(`{"success":true,"data":{"rows":${page.rowsJson},"total_count":${page.totalCount},"total_count_capped":false}}`);
  }
  const rows = (JSON.parse(page.rowsJson) as Row[]).map(masking.mask);
  return { success: true, data: { rows, total_count: page.totalCount, total_count_capped: false } };
}
