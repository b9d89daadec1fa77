import { Link } from 'react-router';
import { CORRECTION_QUESTION_PARAM } from '@steward/contract/inform-the-bot';
import { INSIGHTS_TEXTS, type CoverageGapRow, type InsightPeriodDays } from '@steward/contract/insights';
import { canCreateInformation, canReadInformTheBot, canUploadDocuments, type StaffMember } from '@steward/contract/permissions';
import { DataList } from '../../../components/data-list/data-list.tsx';
import type { ListColumn } from '../../../components/data-list/list-column.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { useCoverageGaps } from '../api/get-coverage-gaps.ts';
import { InsightCard } from './insight-card.tsx';

const correctionLink = (question: string): string => `/inform-the-bot?${new URLSearchParams({ [CORRECTION_QUESTION_PARAM]: question }).toString()}`;

const columns = (mayCorrect: boolean, mayUpload: boolean): ListColumn<CoverageGapRow>[] => [
  {
    id: 'question',
    header: 'Question',
    className: 'breakable',
    cell: (group) => (
      <>
        <div>{group.question}</div>
        {group.examples.length > 0 ? <div className="small text-secondary">Also: {group.examples.join(' · ')}</div> : null}
      </>
    ),
  },
  { id: 'asked', header: 'Asked', className: 'text-end', headerClassName: 'text-end', cell: (group) => group.count },
  { id: 'first-seen', header: 'First seen', className: 'text-nowrap', cell: (group) => formatDateTime(group.first_seen) },
  { id: 'last-seen', header: 'Last seen', className: 'text-nowrap', cell: (group) => formatDateTime(group.last_seen) },
  {
    id: 'actions',
    header: 'Actions',
    headerHidden: true,
    cell: (group) =>
      mayCorrect || mayUpload ? (
        <div className="d-flex flex-wrap gap-2">
          {mayCorrect ? (
            <Link className="btn btn-sm btn-primary" to={correctionLink(group.question)}>
              {INSIGHTS_TEXTS.writeCorrection}
            </Link>
          ) : null}
          {mayUpload ? (
            <Link className="btn btn-sm btn-outline-secondary" to="/documents">
              {INSIGHTS_TEXTS.uploadDocument}
            </Link>
          ) : null}
        </div>
      ) : null,
  },
];

/** Coverage gaps: groups of similar unanswered questions, with a correction or a document as the way to fill each. */
export function CoverageGapsCard({ days, viewer }: { days: InsightPeriodDays; viewer: StaffMember }) {
  const { data: report, isPending } = useCoverageGaps(days);
  const mayCorrect = canReadInformTheBot(viewer) && canCreateInformation(viewer);
  const mayUpload = canUploadDocuments(viewer);
  const groups = report?.groups ?? [];
  return (
    <InsightCard
      id="coverage-gaps-title"
      title={INSIGHTS_TEXTS.coverageGaps}
      help={INSIGHTS_TEXTS.coverageGapsHelp}
      loading={isPending}
      empty={groups.length === 0 ? INSIGHTS_TEXTS.noCoverageGaps : null}
      summary={report ? INSIGHTS_TEXTS.coverageGapsBounded(report.grouped_questions, report.period_questions) : null}
    >
      <DataList label={INSIGHTS_TEXTS.coverageGaps} columns={columns(mayCorrect, mayUpload)} rows={groups} rowKey={(group) => `${group.question}-${group.last_seen}`} />
    </InsightCard>
  );
}
