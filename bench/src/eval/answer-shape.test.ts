import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { answerBody, onlyQuestionOrHeading, type QuestionsAndHeadings, questionsAndHeadingsOf } from './answer-shape.ts';
import { MANUALS_DIR, REPOSITORY_ROOT } from './question-set.ts';
import { readDocument } from './read-document.ts';

/** An extractive answer as the server writes it (answer-builders.ts): the quoted text, then its source. */
const extractive = (text: string, source: string) => `<p>${text}</p><p>Source: <cite><a href="https://example.com/doc" target="_blank" rel="noopener noreferrer nofollow">${source}</a></cite></p>`;
const none: QuestionsAndHeadings = { questions: [], headings: [] };

describe("an answer's own text", () => {
  it('leaves out the source an extractive answer cites and the sources an LLM answer lists', () => {
    expect(answerBody(extractive('Use <code>--continue</code> &amp; resume.', 'GNU Wget manual (2.5 Download Options)'))).toBe('Use --continue & resume.');
    expect(answerBody('<p>Use -c [1].</p><p><strong>Sources</strong></p><ol><li>GNU Wget manual</li></ol>')).toBe('Use -c [1].');
    expect(answerBody('<p>A correction, with no source.</p>')).toBe('A correction, with no source.');
  });
});

describe('an answer that is only a question line or a heading', () => {
  let vsftpd: QuestionsAndHeadings;
  let mdadm: QuestionsAndHeadings;
  let declaration: QuestionsAndHeadings;
  beforeAll(async () => {
    vsftpd = (await readDocument(path.join(MANUALS_DIR, 'vsftpd-faq.txt'))).questionsAndHeadings;
    mdadm = (await readDocument(path.join(MANUALS_DIR, 'mdadm-faq.txt'))).questionsAndHeadings;
    declaration = (await readDocument(path.join(REPOSITORY_ROOT, 'bench', 'demo-documents', 'declaration-of-independence.txt'))).questionsAndHeadings;
  });

  it("finds a FAQ's question line by its shape: every sentence of it asks", () => {
    // procps' FAQ, quoted as the whole answer to three customers' questions (issue 54).
    expect(onlyQuestionOrHeading("Why don't I see SMP (per-CPU) stats in top?", none)).toBe('question');
    expect(onlyQuestionOrHeading('4. Which RAID level should I use?', none)).toBe('question');
    expect(onlyQuestionOrHeading('Q: Why is it impossible to download a file with Kermit/sz/rz when screen is running? Do I need to set some special variables?', none)).toBe('question');
  });

  it("finds an entry's question that does not end with a question mark by the document's Q) lines", () => {
    expect(vsftpd.questions).toContain('help! i\'m getting the error message "str_getpwnam".');
    expect(onlyQuestionOrHeading('Q) Help! I\'m getting the error message "str_getpwnam".', vsftpd)).toBe('question');
    expect(onlyQuestionOrHeading('Help! Local users cannot log in.', vsftpd)).toBe('question');
    expect(onlyQuestionOrHeading('Help! Local users cannot log in.', none)).toBeNull();
  });

  it("finds a heading by the parser's structure and by its shape", () => {
    // The demo's answer to "When was the Declaration of Independence signed?" (issue 54): only the document's title line.
    const title = 'The Declaration of Independence (excerpt: the opening, the statement of rights and the conclusion; the list of grievances against the King is left out)';
    expect(onlyQuestionOrHeading(answerBody(extractive(title, 'The Declaration of Independence')), declaration)).toBe('heading');
    // mdadm's FAQ: a heading underlined with apostrophes, and one whose option would not pass for a heading by its shape.
    expect(onlyQuestionOrHeading('Version 0 superblocks (00.90.XX)', mdadm)).toBe('heading');
    expect(onlyQuestionOrHeading('"near" layout with 2 copies per chunk (--layout=n2):', mdadm)).toBe('heading');
    expect(onlyQuestionOrHeading('Frequently asked questions -- Debian mdadm', mdadm)).toBe('heading');
  });

  it("finds an answer made of a table of contents' lines, a heading's and a question's", () => {
    const lines = [
      '5.8. Does the kettle float?',
      "5.9. The lid isn't closing over the filter.",
      '5.11. My kettle stops with the message "scale found".',
      '6. OTHER ISSUES',
      '6.1. I have a problem that stumps me. Where can I get help?',
      'To descale:',
      '1. Fill it with vinegar.',
      '2. Boil it twice.',
      '3. Rinse it well.',
      'The lid closes once the filter sits in its groove.',
    ].map((text, index) => ({ text, paragraphStart: index === 0 || index === 5 || index === 9 }));
    const kettle = questionsAndHeadingsOf(lines, []);
    expect(onlyQuestionOrHeading('My kettle stops with the message "scale found". 6. OTHER ISSUES 6.1. I have a problem that stumps me.', kettle)).toBe('heading');
    expect(onlyQuestionOrHeading("The lid isn't closing over the filter.", kettle)).toBe('heading');
    // Numbered steps are no table of contents; a heading's words before a sentence that says something are no heading.
    expect(onlyQuestionOrHeading('1. Fill it with vinegar. 2. Boil it twice. 3. Rinse it well.', kettle)).toBeNull();
    expect(onlyQuestionOrHeading("The lid isn't closing over the filter. The lid closes once the filter sits in its groove.", kettle)).toBeNull();
  });

  it('takes an answer that says something for one', () => {
    expect(onlyQuestionOrHeading('Q) Can I restrict users to their home directories? A) Yes. You are probably after the setting: chroot_local_user=YES', vsftpd)).toBeNull();
    // A setting or a command alone is a poor answer, but not a heading.
    expect(onlyQuestionOrHeading('chroot_local_user=YES', vsftpd)).toBeNull();
    expect(onlyQuestionOrHeading('mdadm --zero-superblock /dev/sdXY', mdadm)).toBeNull();
    expect(onlyQuestionOrHeading('Replace it as soon as possible.', mdadm)).toBeNull();
    expect(onlyQuestionOrHeading('The Declaration of Independence (excerpt: the opening) IN CONGRESS, July 4, 1776.', declaration)).toBeNull();
    expect(onlyQuestionOrHeading('Yes', vsftpd)).toBeNull();
    expect(onlyQuestionOrHeading('', vsftpd)).toBeNull();
  });
});
