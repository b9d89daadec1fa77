import { COVERAGE_GAP_QUESTION_LIMIT, COVERAGE_GAP_SIMILARITY, type CoverageGapsReport } from '@steward/contract/insights';
import type { Db } from '../../db/client.ts';
import { embeddingInput } from '../../ingest/embedders/embedder.ts';
import type { KnowledgeStore } from '../knowledge/knowledge-store.ts';
import { findGapQuestions, type GapQuestion } from './insights.repository.ts';
import { groupBySimilarity } from './similarity-groups.ts';

const EXAMPLES_PER_GROUP = 5;
/** Same words, whatever the case, spacing and punctuation: embedded once. */
const wordingKey = (question: string): string => embeddingInput(question.replace(/[^\p{L}\p{N}\s]/gu, ' ')).toLowerCase();

/**
 * The period's coverage gaps as groups of similar questions, largest first: the latest
 * COVERAGE_GAP_QUESTION_LIMIT questions, each wording embedded once with the chat's own (cached) embedder,
 * grouped greedily at COVERAGE_GAP_SIMILARITY.
 */
export async function buildCoverageGaps(db: Db, knowledge: KnowledgeStore, since: Date): Promise<CoverageGapsReport> {
  const { questions, total } = await findGapQuestions(db, since, COVERAGE_GAP_QUESTION_LIMIT);
  const byWording = new Map<string, GapQuestion[]>();
  for (const question of questions) {
    const key = wordingKey(question.question);
    if (key === '') continue;
    byWording.set(key, [...(byWording.get(key) ?? []), question]);
  }
  const wordings = [...byWording.values()];
  const vectors = await knowledge.queryEmbedder.embed(wordings.map((asked) => embeddingInput(asked[0]?.question ?? '')));
  const groups = groupBySimilarity(
    wordings.map((asked, index) => ({ item: asked, vector: vectors[index] ?? new Float32Array() })),
    COVERAGE_GAP_SIMILARITY,
  );
  const rows = groups.map((group) => {
    const asked = group.flat().sort((a, b) => b.time.getTime() - a.time.getTime());
    const leader = group[0]?.[0]?.question ?? '';
    const times = asked.map((question) => question.time.getTime());
    return {
      question: leader,
      count: asked.length,
      first_seen: new Date(Math.min(...times)).toISOString(),
      last_seen: new Date(Math.max(...times)).toISOString(),
      examples: group.slice(1, EXAMPLES_PER_GROUP + 1).map((wording) => wording[0]?.question ?? ''),
    };
  });
  rows.sort((a, b) => b.count - a.count || b.last_seen.localeCompare(a.last_seen));
  return { groups: rows, grouped_questions: questions.length, period_questions: total };
}
