import Form from 'react-bootstrap/Form';
import { useSearchParams } from 'react-router';
import { DEFAULT_INSIGHT_PERIOD_DAYS, INSIGHT_PERIOD_DAYS, INSIGHTS_TEXTS, type InsightPeriodDays } from '@steward/contract/insights';
import { canReadDocumentHealth, type StaffMember } from '@steward/contract/permissions';
import { PageHeader } from '../../../components/page-header.tsx';
import { CoverageGapsCard } from './coverage-gaps-card.tsx';
import { DocumentHealthCard } from './document-health-card.tsx';
import { TimeToFixCard } from './time-to-fix-card.tsx';

const periodOf = (value: string | null): InsightPeriodDays =>
  INSIGHT_PERIOD_DAYS.find((days) => String(days) === value) ?? DEFAULT_INSIGHT_PERIOD_DAYS;

/** Insights: the period (kept in the URL as ?days=), then coverage gaps, document health and time to fix. */
export function InsightsScreen({ viewer }: { viewer: StaffMember }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const days = periodOf(searchParams.get('days'));
  const period = (
    <Form.Group controlId="insights-period" className="d-flex align-items-center gap-2">
      <Form.Label className="mb-0">{INSIGHTS_TEXTS.period}</Form.Label>
      <Form.Select
        value={days}
        onChange={(event) => {
          const next = periodOf(event.target.value);
          setSearchParams(next === DEFAULT_INSIGHT_PERIOD_DAYS ? {} : { days: String(next) });
        }}
      >
        {INSIGHT_PERIOD_DAYS.map((option) => (
          <option key={option} value={option}>
            {INSIGHTS_TEXTS.periodOption(option)}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
  return (
    <section aria-labelledby="insights-title">
      <PageHeader
        id="insights-title"
        pretitle="Overview"
        title={INSIGHTS_TEXTS.title}
        description="What the bot could not answer, which documents carry its answers, and how fast wrong answers are fixed."
        actions={period}
      />
      <CoverageGapsCard days={days} viewer={viewer} />
      {canReadDocumentHealth(viewer) ? <DocumentHealthCard days={days} /> : null}
      <TimeToFixCard days={days} />
    </section>
  );
}
