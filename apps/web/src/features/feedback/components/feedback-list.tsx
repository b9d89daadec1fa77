import { IconThumbUp } from '../../../components/icons.tsx';
import { useNavigate, useParams } from 'react-router';
import { parseReasons, ratingFilterParam, type FeedbackRow } from '@steward/contract/feedback';
import type { ListFilterKey } from '@steward/contract/list-filters';
import { PAGE_SIZE } from '@steward/contract/paging';
import type { ListColumn } from '../../../components/data-list/list-column.ts';
import { ListCard } from '../../../components/data-list/list-card.tsx';
import { ExportButtons } from '../../../components/export-buttons.tsx';
import { ListFilterToolbar } from '../../../components/list-filters/list-filter-toolbar.tsx';
import { queryOfListFilters, type ListFilterValues } from '../../../components/list-filters/list-filter-query.ts';
import { useListFilters } from '../../../components/list-filters/use-list-filters.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { pageIndexFromRoute } from '../../../lib/page-param.ts';
import { useFeedbackPage } from '../api/get-feedback-page.ts';
import { FeedbackTabs } from './feedback-tabs.tsx';
import { RatingIcon } from './rating-icon.tsx';

/** The spec's columns: ID, User IP, Country, Time, Rating (thumb icons); then the question and the reason (issue 40). */
const COLUMNS: ListColumn<FeedbackRow>[] = [
  { id: 'id', header: 'ID', cell: (row) => row.id },
  { id: 'user-ip', header: 'User IP', cell: (row) => row.user_ip, short: true },
  { id: 'country', header: 'Country', cell: (row) => row.country, short: true },
  { id: 'time', header: 'Time', cell: (row) => formatDateTime(row.time), className: 'text-nowrap' },
  { id: 'rating', header: 'Rating', cell: (row) => <RatingIcon rating={row.rating} /> },
  { id: 'question', header: 'Question', fill: true, cell: (row) => <div className="text-truncate list-message">{row.user_message}</div> },
  { id: 'reason', header: 'Reason', fill: true, cell: (row) => <div className="text-truncate list-message">{parseReasons(row.reason).join('; ')}</div> },
];

const FILTER_KEYS: readonly ListFilterKey[] = ['from', 'to', 'country'];

/** /feedback, /feedback/page/{page} and /feedback/page/{page}/{up|down}: 30 per page; a row opens its detail. Filters in the query. */
export function FeedbackList({ canExport }: { canExport: boolean }) {
  const navigate = useNavigate();
  const params = useParams();
  const pageIndex = pageIndexFromRoute(params.page);
  // An unknown rating segment reads as all.
  const rating = ratingFilterParam.catch('').parse(params.rating ?? '');
  const filters = useListFilters(FILTER_KEYS);
  // A failed load shows nothing (spec section 8).
  const page = useFeedbackPage(pageIndex, rating, filters.apiQuery);
  const rows = page.data?.rows ?? [];
  const openFeedback = (row: FeedbackRow) => void navigate(`/feedback/${row.id}`);
  const applyFilters = (values: ListFilterValues) =>
    void navigate(`${rating === '' ? '/feedback' : `/feedback/page/1/${rating}`}${queryOfListFilters(values)}`);

  return (
    <section aria-labelledby="feedback-title">
      <PageHeader
        id="feedback-title"
        pretitle="Conversations"
        title="Feedback"
        description="Thumbs up and down that visitors gave the bot's answers. A thumb down can become a correction."
        actions={canExport ? <ExportButtons list="feedback" query={filters.exportQuery({ rating })} /> : undefined}
      />
      <FeedbackTabs current={rating} query={filters.routeQuery} />
      <ListCard
        toolbar={<ListFilterToolbar listName="Feedback" keys={FILTER_KEYS} filters={filters} onChange={applyFilters} counted={page.data} noun={['rating', 'ratings']} />}
        list={{ label: 'Feedback', columns: COLUMNS, rows, rowKey: (row) => row.id, onOpenRow: openFeedback }}
        status={{
          loading: page.isPending,
          empty: page.data?.rows.length === 0,
          emptyIcon: IconThumbUp,
          emptyText: filters.filtered ? 'No feedback matches these filters.' : 'No feedback yet.',
          emptyHint: filters.filtered
            ? 'Widen the dates or clear a filter.'
            : 'Visitors rate an answer with a thumb up or down under it in the chat widget, or your chatbot reports ratings through the bot API.',
        }}
        pages={{
          basePath: '/feedback',
          currentPage: pageIndex + 1,
          totalCount: page.data?.total_count ?? 0,
          pageSize: PAGE_SIZE.feedback,
          filter: rating || undefined,
          query: filters.routeQuery,
        }}
      />
    </section>
  );
}
