import { describe, expect, it } from 'vitest';
import type { QuestionTerm } from '../knowledge/question-terms.ts';
import { MOST_ITEMS } from './answer-lists.ts';
import { extractiveAnswerHtml } from './answer-builders.ts';
import { answerText, type CandidateSentence, chooseSentences, openingSentences, sentencesOfPassages } from './answer-sentences.ts';
import type { RetrievedPassage } from './answer-rule.ts';

/** The answer built from the text's structure: FAQ entries, headings, lists, neighbours (issue 54). */

const term = (stem: string, idf = 2): QuestionTerm => ({ term: stem, idf, chunks: 1, unknown: false, word: stem, weight: 1, informativeness: 3, name: false });
const termsOf = (question: string): QuestionTerm[] => (question.toLowerCase().match(/[a-z0-9_]+/g) ?? []).filter((word) => word.length > 3).map((word) => term(word.replace(/s$/, '')));

/** Sentences of the passages with crude stems (lower-case words without a final s), as the database would give them. */
function sentences(passages: readonly string[]): CandidateSentence[] {
  return sentencesOfPassages(passages.map((text) => ({ text }))).map((sentence) => ({
    ...sentence,
    terms: (sentence.text.toLowerCase().match(/[a-z0-9_]+/g) ?? []).map((word) => word.replace(/s$/, '')),
  }));
}

const quote = (passages: readonly string[], question: string, whole: readonly boolean[] = []) =>
  answerText(chooseSentences(sentences(passages), question, termsOf(question), passages.map(() => 0.5), whole));

describe('a FAQ’s entry', () => {
  it('quotes the answer under a question line that matches, never the question line itself', () => {
    const passage = 'Q) Why does the backup stop at night?\nA) The disk quota is reached around midnight. Raise backup_quota in the config.';
    const answer = quote([passage], 'why does my backup stop at night');
    expect(answer).not.toContain('Q)');
    expect(answer).not.toMatch(/\?$/);
    expect(answer).toContain('The disk quota is reached around midnight.');
  });

  it('never quotes the entry’s own question, kept in its text under its heading, even when it reads as a statement', () => {
    const passage = { text: 'Q) Help! I get the error "disk quota exceeded".\nA) The backup folder is full. Raise backup_quota in the config.', heading: 'FAQ › Help! I get the error "disk quota exceeded".' };
    const found = sentencesOfPassages([passage]);
    expect(found.map((sentence) => sentence.shape)).toEqual(['question', 'question', 'sentence', 'sentence']);
    const chosen = chooseSentences(
      found.map((sentence) => ({ ...sentence, terms: (sentence.text.toLowerCase().match(/[a-z0-9_]+/g) ?? []) })),
      'error disk quota exceeded',
      termsOf('error disk quota exceeded'),
      [0.5],
      [true],
    );
    expect(answerText(chosen)).toBe('The backup folder is full. Raise backup_quota in the config.');
  });

  it('quotes a short section (an entry read as its own section) whole, without its answer marker', () => {
    const passage = 'A1) Yes, indirectly. Use xinetd for per-IP limits.\nA2) In standalone mode, set:\nmax_clients=10';
    expect(quote([passage], 'can I limit the number of clients', [true])).toBe('Yes, indirectly. Use xinetd for per-IP limits. In standalone mode, set:\nmax_clients=10'.replace('\n', ' '));
  });
});

describe('a passage found by its heading or its vectors alone', () => {
  it('is quoted from its opening, its question line left out, rather than answered with nothing', () => {
    const found = sentencesOfPassages([
      { text: 'Q) Help! Logins fail with "str_getpwnam".\nA) The user named by nopriv_user does not exist on your system. Create it.', heading: 'FAQ › Help! Logins fail with "str_getpwnam".' },
      { text: 'Another passage.' },
    ]).map((sentence) => ({ ...sentence, terms: sentence.text.toLowerCase().match(/[a-z_]+/g) ?? [] }));
    expect(chooseSentences(found, 'sign-in broken', termsOf('sign-in broken'), [0.5, 0.4])).toEqual([]);
    expect(answerText(openingSentences(found, true))).toBe('The user named by nopriv_user does not exist on your system. Create it.');
  });
});

describe('headings', () => {
  it('never answers with a heading-like line alone, and does not join a title to the sentence after it', () => {
    const passage = 'Network Timeouts\nThe client waits 30 seconds for a reply before it gives up and retries twice.';
    const answer = quote([passage], 'network timeouts');
    expect(answer).toBe('The client waits 30 seconds for a reply before it gives up and retries twice.');
  });
});

describe('lists', () => {
  it('quotes a lead-in with its items', () => {
    const passage = 'Common causes of a busy array are:\n- a mounted filesystem\n- an active swap partition\n- a running LVM volume group\n\nStop them first.';
    expect(quote([passage], 'what are common causes of a busy array')).toBe('Common causes of a busy array are: - a mounted filesystem - an active swap partition - a running LVM volume group');
  });

  it('goes on past the best sentence to a list its next sentence introduces, when an item holds some of the question', () => {
    const passage =
      'Q: What is the difference between definitely lost and indirectly lost?\nA: The details are in the user manual. In short:\n- definitely lost: your program leaks memory\n- indirectly lost: a leak in a pointer-based structure';
    const answer = quote([passage], 'difference between definitely lost and indirectly lost');
    expect(answer).toBe('The details are in the user manual. In short: - definitely lost: your program leaks memory - indirectly lost: a leak in a pointer-based structure');
    // A list that holds none of the question stays out.
    expect(quote(['Q: Is the difference between definitely and indirectly lost documented?\nA: The details are in the user manual. See also:\n- the FAQ\n- the mailing list'], 'is the difference between definitely and indirectly lost documented')).toBe(
      'The details are in the user manual.',
    );
  });

  it('quotes numbered steps whole and in order when the best match is one of them', () => {
    const passage = 'To replace a failed disk:\n1. Mark the disk as failed.\n2. Remove the disk from the array with mdadm --remove.\n3. Add the new disk with mdadm --add.';
    expect(quote([passage], 'how do I add the new disk')).toBe(
      'To replace a failed disk: 1. Mark the disk as failed. 2. Remove the disk from the array with mdadm --remove. 3. Add the new disk with mdadm --add.',
    );
  });

  it('quotes a long list up to a bound and says how many items are left', () => {
    const items = Array.from({ length: MOST_ITEMS + 3 }, (_, index) => `- codec number ${index + 1}`).join('\n');
    const answer = quote([`The player supports these codecs:\n${items}`], 'which codecs does the player support');
    expect(answer).toContain(`- codec number ${MOST_ITEMS} (and 3 more)`);
    expect(answer).not.toContain(`codec number ${MOST_ITEMS + 1}`);
  });

  it('shows a list’s items as a list in the answer’s HTML', () => {
    const chosen = chooseSentences(sentences(['Supported formats are:\n- PNG\n- JPEG']), 'supported formats', termsOf('supported formats'), [0.5]);
    const passage: RetrievedPassage = { chunkId: 1, text: '', heading: null, documentTitle: 'Guide', sourceUrl: null, page: null, pageEnd: null, documentId: 1, informTheBotId: null, relevance: 0.5, matchedWords: [], features: {} as RetrievedPassage['features'] };
    expect(extractiveAnswerHtml(chosen, [passage])).toMatch(/^<p>Supported formats are:<\/p><ul><li>- PNG<\/li><li>- JPEG<\/li><\/ul>/);
  });
});

describe('a whole FAQ entry of several paragraphs', () => {
  it('keeps the entry’s paragraphs apart in the answer’s HTML', () => {
    const text = 'Q: Why does dnsmasq open high ports?\nA: The high ports are for replies from upstream servers. Queries go out from them.\n\nThis is not a security hole: dnsmasq only accepts replies there.';
    const found = sentencesOfPassages([{ text, heading: 'FAQ › Why does dnsmasq open high ports?' }]).map((sentence) => ({ ...sentence, terms: sentence.text.toLowerCase().match(/[a-z]+/g) ?? [] }));
    const question = 'is it a security problem that dnsmasq opens high ports';
    const chosen = chooseSentences(found, question, termsOf(question), [0.5], [true]);
    const passage: RetrievedPassage = { chunkId: 1, text, heading: 'FAQ › Why does dnsmasq open high ports?', documentTitle: 'FAQ', sourceUrl: null, page: null, pageEnd: null, documentId: 1, informTheBotId: null, relevance: 0.5, matchedWords: [], features: {} as RetrievedPassage['features'] };
    expect(extractiveAnswerHtml(chosen, [passage])).toMatch(
      /^<p>The high ports are for replies from upstream servers\. Queries go out from them\.<\/p><p>This is not a security hole: dnsmasq only accepts replies there\.<\/p><p>/,
    );
  });
});

describe('neighbours', () => {
  it('brings the sentence after a best one that ends with a colon, and the one before a best one that leans on it', () => {
    expect(quote(['Unrelated words here. To enable uploads, put this line in the config file:\nwrite_enable=YES'], 'how do I enable uploads')).toBe(
      'To enable uploads, put this line in the config file: write_enable=YES',
    );
    expect(quote(['Set keepalive to 60 in the server block. This stops idle connections from dropping.'], 'stops idle connections dropping')).toBe(
      'Set keepalive to 60 in the server block. This stops idle connections from dropping.',
    );
  });

  it('brings the sentence before, in the same paragraph, when it holds nearly as much of the question', () => {
    const passage = 'Rounding: there is no support for extended double arithmetic. Internally, every extended double value is kept in double precision, so results can differ.';
    expect(quote([passage], 'why do extended double results differ')).toBe(passage);
  });

  it('brings the neighbouring sentence that holds the number a "how much" question asks for', () => {
    const passage = 'The cache grows as pages are visited and is trimmed when full. Its default size is 256 MB.';
    expect(quote([passage], 'how much can the page cache grow when visited')).toContain('256 MB');
  });
});
