import { COVERAGE_GAP_QUESTION_LIMIT, COVERAGE_GAP_SIMILARITY, type CoverageGapRow, type CoverageGapsReport } from '@steward/contract/insights';
import type { Db } from '../../db/client.ts';
import { embeddingInput } from '../../ingest/embedders/embedder.ts';
import type { KnowledgeStore } from '../knowledge/knowledge-store.ts';
import { findGapQuestions, type GapQuestion } from './insights.repository.ts';
import { groupBySimilarity } from './similarity-groups.ts';

const EXAMPLES_PER_GROUP = 5;
/** Same words, whatever the case, spacing and punctuation: embedded once. */
export const wordingKey = (question: string): string => embeddingInput(question.replace(/[^\p{L}\p{N}\s]/gu, ' ')).toLowerCase();

/** A coverage gap as Insights shows it, with the comparison keys of all its wordings (coverage-gap-alerts.ts). */
export interface CoverageGap {
  row: CoverageGapRow;
  /** Each wording of the group as compared (wordingKey), the leading one first. */
  wordingKeys: string[];
}

/**
 * The period's coverage gaps as groups of similar questions, largest first: the latest
 * COVERAGE_GAP_QUESTION_LIMIT questions, each wording embedded once with the chat's own (cached) embedder,
 * grouped greedily at COVERAGE_GAP_SIMILARITY.
 */
export async function groupCoverageGaps(db: Db, knowledge: KnowledgeStore, since: Date): Promise<{ gaps: CoverageGap[]; grouped: number; total: number }> {
  const { questions, total } = await findGapQuestions(db, since, COVERAGE_GAP_QUESTION_LIMIT);
  const byWording = new Map<string, GapQuestion[]>();
  for (const question of questions) {
    const key = wordingKey(question.question);
    if (key === '') continue;
    byWording.set(key, [...(byWording.get(key) ?? []), question]);
  }
  const wordings = [...byWording.entries()];
  const vectors = await knowledge.queryEmbedder.embed(wordings.map(([, asked]) => embeddingInput(asked[0]?.question ?? '')));
  const groups = groupBySimilarity(
    wordings.map(([key, asked], index) => ({ item: { key, asked }, vector: vectors[index] ?? new Float32Array() })),
    COVERAGE_GAP_SIMILARITY,
  );
  const gaps = groups.map((group) => {
    const asked = group.flatMap((wording) => wording.asked).sort((a, b) => b.time.getTime() - a.time.getTime());
    const leader = group[0]?.asked[0]?.question ?? '';
    const times = asked.map((question) => question.time.getTime());
    const row: CoverageGapRow = {
      question: leader,
      count: asked.length,
      first_seen: new Date(Math.min(...times)).toISOString(),
      last_seen: new Date(Math.max(...times)).toISOString(),
      examples: group.slice(1, EXAMPLES_PER_GROUP + 1).map((wording) => wording.asked[0]?.question ?? ''),
    };
    return { row, wordingKeys: group.map((wording) => wording.key) };
  });
  gaps.sort((a, b) => b.row.count - a.row.count || b.row.last_seen.localeCompare(a.row.last_seen));
  return { gaps, grouped: questions.length, total };
}

/** The period's coverage gaps as Insights shows them (groupCoverageGaps). */
export async function buildCoverageGaps(db: Db, knowledge: KnowledgeStore, since: Date): Promise<CoverageGapsReport> {
  const { gaps, grouped, total } = await groupCoverageGaps(db, knowledge, since);
  return { groups: gaps.map((gap) => gap.row), grouped_questions: grouped, period_questions: total };
}
