import { Link } from 'react-router';
import { CORRECTION_QUESTION_PARAM } from '@steward/contract/inform-the-bot';
import { INSIGHTS_TEXTS, type InsightPeriodDays } from '@steward/contract/insights';
import { canCreateInformation, canReadInformTheBot, canUploadDocuments, type StaffMember } from '@steward/contract/permissions';
import { formatDateTime } from '../../../lib/format-date.ts';
import { useCoverageGaps } from '../api/get-coverage-gaps.ts';
import { InsightCard } from './insight-card.tsx';

const correctionLink = (question: string): string => `/inform-the-bot?${new URLSearchParams({ [CORRECTION_QUESTION_PARAM]: question }).toString()}`;

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
      <table className="table card-table table-vcenter" data-testid="coverage-gaps">
        <thead>
          <tr>
            <th scope="col">Question</th>
            <th scope="col" className="text-end">Asked</th>
            <th scope="col">First seen</th>
            <th scope="col">Last seen</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {groups.map((group) => (
            <tr key={`${group.question}-${group.last_seen}`}>
              <td className="text-wrap">
                <div>{group.question}</div>
                {group.examples.length > 0 ? <div className="small text-secondary">Also: {group.examples.join(' · ')}</div> : null}
              </td>
              <td className="text-end">{group.count}</td>
              <td>{formatDateTime(group.first_seen)}</td>
              <td>{formatDateTime(group.last_seen)}</td>
              <td>
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
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </InsightCard>
  );
}
