import { useNavigate } from 'react-router';
import { INFORM_THE_BOT_STATUS_PARAM } from '@steward/contract/inform-the-bot';
import { PAGE_SIZE } from '@steward/contract/paging';
import { canCreateInformation, type StaffMember } from '@steward/contract/permissions';
import { PaginationBar } from '../../../components/pagination-bar.tsx';
import { useInformTheBotPage } from '../api/get-inform-the-bot-page.ts';
import { AddInformationForm } from './add-information-form.tsx';
import { ApproverHint } from './approver-hint.tsx';
import { InformTheBotTabs } from './inform-the-bot-tabs.tsx';
import { InformTheBotCard } from './inform-the-bot-card.tsx';
import { IconBook } from '../../../components/icons.tsx';
import { ListStatus } from '../../../components/list-status.tsx';
import { PageHeader } from '../../../components/page-header.tsx';

/**
 * The Inform the Bot screen: 10 cards per page, newest first, all or only the pending ones. Load failures
 * show nothing (spec section 8).
 */
export function InformTheBotList({ pageIndex, pendingOnly, viewer }: { pageIndex: number; pendingOnly: boolean; viewer: StaffMember }) {
  const navigate = useNavigate();
  const { data: rows, isPending } = useInformTheBotPage(pageIndex, pendingOnly);
  return (
    <section aria-labelledby="inform-the-bot-title">
      <PageHeader id="inform-the-bot-title" pretitle="Knowledge" title="Inform the Bot" description="Corrections and extra facts the bot answers from. A new item answers visitors once another team member approves it." />
      {canCreateInformation(viewer) ? (
        <AddInformationForm onAdded={() => pageIndex !== 0 && void navigate('/inform-the-bot')} />
      ) : null}
      <ApproverHint viewer={viewer} />
      <InformTheBotTabs pendingOnly={pendingOnly} />
      {rows?.map((row) => <InformTheBotCard key={row.id} row={row} viewer={viewer} />)}
      <ListStatus
        loading={isPending}
        empty={rows?.length === 0}
        emptyIcon={IconBook}
        boxed
        emptyText={pendingOnly ? 'Nothing waits for approval.' : 'No information yet.'}
        emptyHint="Facts and corrections the bot should know: add one above, or write the right answer on a thumbs-down in Feedback. Another team member approves each before the bot uses it."
      />
      {rows && rows.length > 0 ? (
        <PaginationBar basePath="/inform-the-bot" currentPage={pageIndex + 1} totalCount={rows[0]?.total_count ?? 0} pageSize={PAGE_SIZE.informTheBot} query={pendingOnly ? `?${INFORM_THE_BOT_STATUS_PARAM}=pending` : ''} />
      ) : null}
    </section>
  );
}
