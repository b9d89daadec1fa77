import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** The evaluation's documents and questions (bench/eval/questions.json); docs/bot.md explains the fields. */
const fileEntry = z.strictObject({
  /** A file of test-data/manuals (or beside the set). */
  file: z.string().min(1),
  /** The title it is uploaded with (and cited by). */
  title: z.string().min(1),
  /** Where the document is published: its Source URL on the Documents screen, linked from answers. */
  sourceUrl: z.url(),
});

/** A website: a folder of HTML pages (test-data/sites, or beside the set) served on loopback and added as a site source. */
const siteEntry = z.strictObject({
  site: z.string().min(1),
  /** The page the crawl starts from, inside the folder. */
  start: z.string().min(1),
  /** How the evaluation's report names it (a site's pages are cited by their own titles and URLs). */
  title: z.string().min(1),
});

const documentEntry = z.union([fileEntry, siteEntry]);

const answerable = z.strictObject({
  id: z.string().min(1),
  /** The file (or site) of `documents` that answers it. */
  document: z.string().min(1),
  question: z.string().min(5),
  /** `literal`: asked in the document's own words; `paraphrased`: in a customer's, with few of the document's. */
  style: z.enum(['literal', 'paraphrased']),
  /** A right passage holds one of these texts (compared by normaliseForMatch). */
  evidence: z.array(z.string().min(8)).min(1),
  /** A right answer holds, for every group, one of its texts. */
  facts: z.array(z.array(z.string().min(1)).min(1)).min(1),
});

const outOfScope = z.strictObject({
  id: z.string().min(1),
  question: z.string().min(5),
  /** Why no document answers it (for the reader of the set). */
  why: z.string().min(1),
});

export const questionSetSchema = z.strictObject({
  documents: z.array(documentEntry).min(1),
  answerable: z.array(answerable).min(1),
  outOfScope: z.array(outOfScope).min(1),
});

export type QuestionSet = z.infer<typeof questionSetSchema>;
export type SetDocument = QuestionSet['documents'][number];
export type SetSite = z.infer<typeof siteEntry>;
export type SetFile = z.infer<typeof fileEntry>;
/** The name questions give a set's document by: its file, or its site's folder. */
export const documentName = (document: SetDocument): string => ('site' in document ? document.site : document.file);
export type AnswerableQuestion = QuestionSet['answerable'][number];
export type OutOfScopeQuestion = QuestionSet['outOfScope'][number];

export const REPOSITORY_ROOT = path.resolve(import.meta.dirname, '..', '..', '..');
export const DEFAULT_QUESTION_SET = path.join(REPOSITORY_ROOT, 'bench', 'eval', 'questions.json');
/** Where a set's documents are, unless the set's own folder holds them. */
export const MANUALS_DIR = path.join(REPOSITORY_ROOT, 'test-data', 'manuals');
/** Where a set's sites are, unless the set's own folder holds them. */
export const SITES_DIR = path.join(REPOSITORY_ROOT, 'test-data', 'sites');

/** Where a run writes each question's outcome: named by the set's folder and file, so two sets called questions.json do not overwrite each other. */
export const resultsFileOf = (setFile: string): string =>
  path.join(REPOSITORY_ROOT, 'test-results', 'eval', `${path.basename(path.dirname(setFile))}-${path.basename(setFile)}`);

/**
 * A set and the folders its documents are read from: its files beside the set when they all are there, else in
 * test-data/manuals; its sites' folders likewise beside it, else in test-data/sites.
 */
export function readQuestionSet(file: string): { set: QuestionSet; documentsDir: string; sitesDir: string } {
  const set = questionSetSchema.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
  const besideSet = path.dirname(file);
  const holdsAll = (names: string[]) => names.length > 0 && names.every((name) => fs.existsSync(path.join(besideSet, name)));
  const documentsDir = holdsAll(set.documents.flatMap((document) => ('file' in document ? [document.file] : []))) ? besideSet : MANUALS_DIR;
  const sitesDir = holdsAll(set.documents.flatMap((document) => ('site' in document ? [document.site] : []))) ? besideSet : SITES_DIR;
  const ids = [...set.answerable, ...set.outOfScope].map((question) => question.id);
  const repeated = ids.filter((id, index) => ids.indexOf(id) !== index);
  if (repeated.length > 0) throw new Error(`Question ids used twice: ${repeated.join(', ')}`);
  const files = new Set(set.documents.map(documentName));
  const unknown = set.answerable.filter((question) => !files.has(question.document));
  if (unknown.length > 0) throw new Error(`Questions about documents the set does not list: ${unknown.map((question) => question.id).join(', ')}`);
  return { set, documentsDir, sitesDir };
}
