import { IconThumbUp } from '../../../components/icons.tsx';
import { useNavigate, useParams } from 'react-router';
import { ratingFilterParam, type FeedbackRow } from '@steward/contract/feedback';
import { PAGE_SIZE } from '@steward/contract/paging';
import type { ListColumn } from '../../../components/data-list/list-column.ts';
import { ListCard } from '../../../components/data-list/list-card.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { pageIndexFromRoute } from '../../../lib/page-param.ts';
import { useFeedbackPage } from '../api/get-feedback-page.ts';
import { FeedbackTabs } from './feedback-tabs.tsx';
import { RatingIcon } from './rating-icon.tsx';

/** The spec's columns: ID, User IP, Country, Time, Rating (thumb icons). */
const COLUMNS: ListColumn<FeedbackRow>[] = [
  { id: 'id', header: 'ID', cell: (row) => row.id },
  { id: 'user-ip', header: 'User IP', cell: (row) => row.user_ip },
  { id: 'country', header: 'Country', cell: (row) => row.country },
  { id: 'time', header: 'Time', cell: (row) => formatDateTime(row.time), className: 'text-nowrap' },
  { id: 'rating', header: 'Rating', cell: (row) => <RatingIcon rating={row.rating} /> },
];

/** /feedback, /feedback/page/{page} and /feedback/page/{page}/{up|down}: 30 per page; a row opens its detail. */
export function FeedbackList() {
  const navigate = useNavigate();
  const params = useParams();
  const pageIndex = pageIndexFromRoute(params.page);
  // An unknown rating segment reads as all.
  const rating = ratingFilterParam.catch('').parse(params.rating ?? '');
  // A failed load shows nothing (spec section 8).
  const page = useFeedbackPage(pageIndex, rating);
  const rows = page.data ?? [];
  const openFeedback = (row: FeedbackRow) => void navigate(`/feedback/${row.id}`);

  return (
    <section aria-labelledby="feedback-title">
      <PageHeader
        id="feedback-title"
        pretitle="Conversations"
        title="Feedback"
        description="Thumbs up and down that visitors gave the bot's answers. A thumb down can become a correction."
      />
      <FeedbackTabs current={rating} />
      <ListCard
        list={{ label: 'Feedback', columns: COLUMNS, rows, rowKey: (row) => row.id, onOpenRow: openFeedback }}
        status={{
          loading: page.isPending,
          empty: page.data?.length === 0,
          emptyIcon: IconThumbUp,
          emptyText: 'No feedback yet.',
          emptyHint: 'Visitors rate an answer with a thumb up or down under it in the chat widget, or your chatbot reports ratings through the bot API.',
        }}
        pages={{ basePath: '/feedback', currentPage: pageIndex + 1, totalCount: rows[0]?.total_count ?? 0, pageSize: PAGE_SIZE.feedback, filter: rating || undefined }}
      />
    </section>
  );
}
