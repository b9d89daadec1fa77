import type { CoverageGapsReport, DocumentHealthRow, TimeToFixReport } from '@steward/contract/insights';
import { maskPersonalData } from '../../lib/personal-data.ts';
import type { DocumentHealthRecord } from './insights.repository.ts';

export const presentDocumentHealth = (record: DocumentHealthRecord): DocumentHealthRow => ({
  document_id: record.documentId,
  title: record.title,
  citations: record.citations,
  up: record.up,
  down: record.down,
  last_cited: record.lastCited?.toISOString() ?? null,
});

/** The visitors' questions as everyone sees them with masking on (issues 43, 58): masked, as in the lists (docs/privacy.md). */
export const maskCoverageGaps = (report: CoverageGapsReport): CoverageGapsReport => ({
  ...report,
  groups: report.groups.map((group) => ({ ...group, question: maskPersonalData(group.question), examples: group.examples.map(maskPersonalData) })),
});

export const maskTimeToFix = (report: TimeToFixReport): TimeToFixReport => ({
  ...report,
  fixes: report.fixes.map((fix) => ({ ...fix, question: maskPersonalData(fix.question) })),
});
