import Table from 'react-bootstrap/Table';
import { useNavigate, useParams } from 'react-router';
import { ratingFilterParam } from '@steward/contract/feedback';
import { PAGE_SIZE } from '@steward/contract/paging';
import { PaginationBar } from '../../../components/pagination-bar.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { pageIndexFromRoute } from '../../../lib/page-param.ts';
import { useFeedbackPage } from '../api/get-feedback-page.ts';
import { FeedbackTabs } from './feedback-tabs.tsx';
import { RatingIcon } from './rating-icon.tsx';
import { ClickableRow } from '../../../components/clickable-row.tsx';
import { ListStatus } from '../../../components/list-status.tsx';

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
  const openFeedback = (id: number) => void navigate(`/feedback/${id}`);

  return (
    <section aria-labelledby="feedback-title">
      <h1 id="feedback-title" className="h3 mb-3">
        Feedback
      </h1>
      <FeedbackTabs current={rating} />
      <Table hover responsive className="align-middle">
        <thead>
          <tr>
            <th scope="col">ID</th>
            <th scope="col">User IP</th>
            <th scope="col">Country</th>
            <th scope="col">Time</th>
            <th scope="col">Rating</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <ClickableRow key={row.id} onOpen={() => openFeedback(row.id)}>
              <td>{row.id}</td>
              <td>{row.user_ip}</td>
              <td>{row.country}</td>
              <td className="text-nowrap">{formatDateTime(row.time)}</td>
              <td>
                <RatingIcon rating={row.rating} />
              </td>
            </ClickableRow>
          ))}
        </tbody>
      </Table>
      <ListStatus loading={page.isPending} empty={page.data?.length === 0} emptyText="No feedback yet." />
      <PaginationBar
        basePath="/feedback"
        currentPage={pageIndex + 1}
        totalCount={rows[0]?.total_count ?? 0}
        pageSize={PAGE_SIZE.feedback}
        filter={rating || undefined}
      />
    </section>
  );
}
