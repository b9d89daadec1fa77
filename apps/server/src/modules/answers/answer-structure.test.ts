import { describe, expect, it } from 'vitest';
import type { QuestionTerm } from '../knowledge/question-terms.ts';
import { retrieved, sentences as sentencesWith, term } from '../../test/answer-test-terms.ts';
import { MOST_ITEMS } from './answer-lists.ts';
import { extractiveAnswerHtml } from './answer-builders.ts';
import { asksOf } from './answer-asks.ts';
import { answerText, chooseSentences, holdsNumber, openingSentences, type PassageSection, quotedEntryQuestion, sectionOf, sentencesOfPassages } from './answer-sentences.ts';

/** The answer built from the text's structure: FAQ entries, headings, lists, neighbours (issue 54). */

const termsOf = (question: string): QuestionTerm[] => (question.toLowerCase().match(/[a-z0-9_]+/g) ?? []).filter((word) => word.length > 3).map((word) => term(word.replace(/s$/, '')));
const sentences = (passages: readonly string[]) => sentencesWith(passages, /[a-z0-9_]+/g);


const quote = (passages: readonly string[], question: string, whole: readonly PassageSection[] = []) =>
  answerText(chooseSentences(sentences(passages), question, termsOf(question), passages.map(() => 0.5), whole));

describe('a FAQ’s entry', () => {
  it('quotes the answer under a question line that matches, never the question line itself', () => {
    const passage = 'Q) Why does the backup stop at night?\nA) The disk quota is reached around midnight. Raise backup_quota in the config.';
    const answer = quote([passage], 'why does my backup stop at night');
    expect(answer).not.toContain('Q)');
    expect(answer).not.toMatch(/\?$/);
    expect(answer).toContain('The disk quota is reached around midnight.');
  });

  it('reads "Q." and "A." as a FAQ’s markers, as Debian’s FAQs set them: neither they nor the question line are quoted', () => {
    const passage = 'Q. I upgraded my system to testing and now my /etc/issue\nsays "trixie/sid". Should it not read "testing"?\n\nA. That would be nice, but it is not possible because of the way testing works.';
    const answer = quote([passage], 'my /etc/issue says trixie/sid on testing, is that wrong');
    expect(answer).toBe('That would be nice, but it is not possible because of the way testing works.');
    // Without a "Q." question, "A." may be an initial.
    expect(quote(['A. Smith wrote the testing tool.'], 'who wrote the testing tool')).toBe('A. Smith wrote the testing tool.');
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
      ['entry'],
    );
    expect(answerText(chosen)).toBe('The backup folder is full. Raise backup_quota in the config.');
  });

  it('reads the asker’s own words under a numbered question, up to their own question, as the question, never the answer', () => {
    // Debian's mdadm FAQ, entry 26: the asker's story and "Why does mdadm break my system?" come before the answer.
    const entry = {
      text: [
        '26. Why doesn’t the router find its disks and fail to boot?',
        'My router dies at an early stage and drops me into a rescue shell.',
        'The last output is something like',
        '',
        '"/dev/disk2 does not exist"',
        '',
        'Why does the firmware break my router?',
        '',
        'Short answer: It doesn’t, the disks are not ready yet when the firmware looks for them.',
        '',
        'Workaround: append rootdelay=10 to the boot line.',
      ].join('\n'),
      heading: 'Router FAQ › 26. Why doesn’t the router find its disks and fail to boot?',
    };
    const found = sentencesOfPassages([entry]);
    expect(found.filter((sentence) => sentence.shape !== 'question').map((sentence) => sentence.text)).toEqual([
      'Short answer: It doesn’t, the disks are not ready yet when the firmware looks for them.',
      'Workaround: append rootdelay=10 to the boot line.',
    ]);
    const question = 'The router drops to a rescue shell during boot saying /dev/disk2 does not exist';
    const withTerms = found.map((sentence) => ({ ...sentence, terms: sentence.text.toLowerCase().match(/[a-z0-9_]+/g) ?? [] }));
    const chosen = chooseSentences(withTerms, question, termsOf(question), [0.5], ['entry']);
    expect(answerText(chosen)).toBe('Short answer: It doesn’t, the disks are not ready yet when the firmware looks for them. Workaround: append rootdelay=10 to the boot line.');
    // The source names the entry by its own question, not by the asker's.
    expect(quotedEntryQuestion(withTerms, chosen)).toBe('26. Why doesn’t the router find its disks and fail to boot?');
    // An answer that follows the question at once, and a later question of the answer's own, stay the answer.
    const answered = sentencesOfPassages([{ ...entry, text: entry.text.replace(/\nMy router dies[\s\S]*?\n\nWhy does the firmware break my router\?\n/, '\n') }]);
    expect(answered.filter((sentence) => sentence.shape !== 'question').map((sentence) => sentence.text)).toHaveLength(2);
    const unnumbered = sentencesOfPassages([{ text: entry.text.replace('26. ', ''), heading: entry.heading.replace('26. ', '') }]);
    expect(unnumbered.filter((sentence) => sentence.shape !== 'question').map((sentence) => sentence.text)).toContain('My router dies at an early stage and drops me into a rescue shell.');
  });

  it('answers from the entry the search ranked first, though a sentence of the next passage holds more of the question’s words', () => {
    // lsof's FAQ: "How do I let the author know about a bug in lsof?" matched entry 1.4 first; an entry about
    // undefined symbols ends "please let me know, because that is an lsof problem I need to fix".
    const found = sentencesOfPassages([
      { text: '1.4 How do I report a bug in lsof?\n\nIf you believe you found a bug, report it via e-mail to abe@example.edu.', heading: 'lsof FAQ › 1.4 How do I report a bug in lsof?' },
      { text: '3.36 Why does make fail because of undefined symbols?\n\nIf the undefined function is in no library lsof names, let me know: that is a bug of lsof I need to fix.', heading: 'lsof FAQ › 3.36 Why does make fail because of undefined symbols?' },
    ]).map((sentence) => ({ ...sentence, terms: (sentence.text.toLowerCase().match(/[a-z0-9_]+/g) ?? []).map((word) => word.replace(/s$/, '')) }));
    const question = 'How do I let the author know about a bug in lsof?';
    const answer = (relevance: number[]) => answerText(chooseSentences(found, question, termsOf(question), relevance, ['entry', 'entry']));
    expect(answer([0.5, 0.45])).toBe('If you believe you found a bug, report it via e-mail to abe@example.edu.');
    // Ranked second, the entry gives way to the passage the search put first.
    expect(answer([0.45, 0.5])).toContain('let me know');
  });

  it('quotes an entry’s answer from its start when the passage opens with its question heading’s lines, though a later sentence matches best', () => {
    // Valgrind's FAQ as its PDF reads: the entry's number, a statement and its question, each a line of the heading.
    const found = sentencesOfPassages([
      {
        text: "4.2.\nThe stack traces given by Memcheck aren't helpful.\nHow can I improve them?\n\nIf they're not long enough, use --num-callers to make them longer.\n\nAlso, for leak reports involving shared objects, Valgrind will discard the debug information. If you use the option --keep-debuginfo=yes, then Valgrind will keep the debug information in order to show the error stack traces.",
        heading: "Valgrind FAQ › 4.2. The stack traces given by Memcheck aren't helpful. How can I improve them?",
      },
    ]).map((sentence) => ({ ...sentence, terms: (sentence.text.toLowerCase().match(/[a-z0-9_]+/g) ?? []).map((word) => word.replace(/s$/, '')) }));
    expect(found.slice(0, 3).map((sentence) => sentence.shape)).toEqual(['heading', 'heading', 'heading']);
    const question = 'The call stacks in error reports are cut off too early. How do I get longer ones?';
    const answer = answerText(chooseSentences(found, question, termsOf(question), [0.5], ['entry']));
    expect(answer.startsWith("If they're not long enough, use --num-callers to make them longer.")).toBe(true);
    expect(answer).not.toContain('How can I improve them?');
  });

  it('quotes a short section (an entry read as its own section) whole, without its answer marker', () => {
    const passage = 'A1) Yes, indirectly. Use xinetd for per-IP limits.\nA2) In standalone mode, set:\nmax_clients=10';
    expect(quote([passage], 'can I limit the number of clients', ['short'])).toBe('Yes, indirectly. Use xinetd for per-IP limits. In standalone mode, set:\nmax_clients=10'.replace('\n', ' '));
  });
});

describe('a passage found by its heading or its vectors alone', () => {
  it('is quoted from its opening, its question line left out, rather than answered with nothing', () => {
    const found = sentencesOfPassages([
      { text: 'Q) Help! Logins fail with "str_getpwnam".\nA) The user named by nopriv_user does not exist on your system. Create it.', heading: 'FAQ › Help! Logins fail with "str_getpwnam".' },
      { text: 'Another passage.' },
    ]).map((sentence) => ({ ...sentence, terms: sentence.text.toLowerCase().match(/[a-z_]+/g) ?? [] }));
    expect(chooseSentences(found, 'sign-in broken', termsOf('sign-in broken'), [0.5, 0.4])).toEqual([]);
    expect(answerText(openingSentences(found, ['entry', 'part']))).toBe('The user named by nopriv_user does not exist on your system. Create it.');
  });
});

describe('headings', () => {
  it('never answers with a heading-like line alone, and does not join a title to the sentence after it', () => {
    const passage = 'Network Timeouts\nThe client waits 30 seconds for a reply before it gives up and retries twice.';
    const answer = quote([passage], 'network timeouts');
    expect(answer).toBe('The client waits 30 seconds for a reply before it gives up and retries twice.');
  });
});

describe('a short section', () => {
  // A how-to section of the Git User Manual's kind (about 760 characters): its last command is half the answer.
  const howTo = [
    'While you are in the middle of something complicated, you find an unrelated but obvious bug. You would like to fix it before continuing. You can use the shelve command to save the current state of your work, and after fixing the bug (or, optionally, after doing so on a different branch and then coming back), bring the work-in-progress changes back.',
    '$ tool shelve push -m "work in progress for the importer"',
    'This command saves your changes away to the shelf, and resets your working files and the index to match the tip of the current branch, so that nothing you were doing gets in the way. Then you can make your fix as usual, test it and commit it.',
    '... edit and test ...\n$ tool commit -a -m "importer: typo fix"',
    'After that, you can go back to what you were working on with `tool shelve pop`:',
    '$ tool shelve pop',
  ].join('\n\n');

  it('is quoted whole, up to 1,000 characters, when the passage is all of it', () => {
    const question = 'I need to fix an urgent bug first. How do I put my unfinished work aside and get it back later?';
    const answer = quote([howTo], question, [sectionOf({ text: howTo, heading: 'Manual › Setting aside work in progress', wholeSection: true })]);
    expect(howTo.length).toBeGreaterThan(700);
    expect(answer).toContain('$ tool shelve push');
    expect(answer).toMatch(/\$ tool shelve pop$/);
    // The last chunk of a longer section is quoted by its sentences instead: it may start anywhere in the section.
    expect(quote([howTo], question, [sectionOf({ text: howTo, heading: 'Manual › Setting aside work in progress', wholeSection: false })])).not.toContain('$ tool shelve pop');
  });

  it('that lists codes or options is no answer whole: the one asked about is', () => {
    const codes = 'The tool may return one of several codes.\n\n0\nNo problems occurred.\n\n1\nGeneric error.\n\n8\nThe server issued an error response.';
    const question = 'What does the tool return code 8 mean?';
    const chosen = chooseSentences(sentences([codes]), question, [...termsOf(question), term('8')], [0.5], [sectionOf({ text: codes, heading: 'Manual › Exit status', wholeSection: true })]);
    expect(answerText(chosen)).toBe('8: The server issued an error response.');
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
    expect(quote(['Memcheck tells leaks apart. The details of each leak kind are in the user manual. See also:\n- the FAQ\n- the mailing list'], 'where are the details of each leak kind')).toBe(
      'The details of each leak kind are in the user manual.',
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

  it('quotes the item the question names when it lies past the bound, with the lead-in', () => {
    const kinds = ['socket', 'protocol', 'memory', 'signal', 'timeout', 'daemon', 'syntax', 'select', 'startup', 'waitpid', 'partial', 'vanished', 'deletion', 'unsupported'];
    expect(kinds.length).toBeGreaterThan(MOST_ITEMS + 4);
    const codes = kinds.map((kind, index) => `- ${index + 10} - A ${kind} error`).join('\n');
    expect(quote([`The exit values are:\n${codes}`], 'the nightly job says vanished, what does that mean')).toBe(`The exit values are: - 21 - A vanished error (and ${kinds.length - 1} more)`);
    // An item within the bound keeps the list from its start.
    expect(quote([`The exit values are:\n${codes}`], 'the nightly job says timeout, what does that mean')).toContain('- 10 - A socket error');
  });

  it('shows a list’s items as a list in the answer’s HTML', () => {
    const chosen = chooseSentences(sentences(['Supported formats are:\n- PNG\n- JPEG']), 'supported formats', termsOf('supported formats'), [0.5]);
    const passage = retrieved({ text: '', heading: null, wholeSection: true, documentTitle: 'Guide' });
    expect(extractiveAnswerHtml(chosen, [passage])).toMatch(/^<p>Supported formats are:<\/p><ul><li>PNG<\/li><li>JPEG<\/li><\/ul>/);
    // The list draws its own bullets; a step's number stays, it says the order.
    const steps = chooseSentences(sentences(['To replace a disk:\n1. Fail the disk.\n2. Remove the disk.']), 'replace a disk', termsOf('replace a disk'), [0.5]);
    expect(extractiveAnswerHtml(steps, [passage])).toMatch(/<ul><li>1\. Fail the disk\.<\/li><li>2\. Remove the disk\.<\/li><\/ul>/);
  });
});

describe('a quote that ends on a lead-in', () => {
  it('comes with what the lead-in promises: the paragraphs after it that go on in kind, up to running prose', () => {
    const option = [
      '-C check, --check=check\nSpecify the type of the integrity check. The check is calculated from the uncompressed data.',
      'Supported check types:',
      'none   Don’t calculate an integrity check at all.',
      'crc32  Calculate CRC32 using the polynomial from IEEE-802.3.',
      'crc64  Calculate CRC64 using the polynomial from ECMA-182. This is the default.',
      'The integrity check is verified when the file is decompressed.',
    ].join('\n\n');
    const answer = quote([option], 'Which integrity check types can xz use?');
    expect(answer).toContain('Supported check types: none Don’t calculate an integrity check at all.');
    expect(answer).toMatch(/crc64 Calculate CRC64 using the polynomial from ECMA-182\. This is the default\.$/);
  });

  it('is left out when nothing it promises follows in the passage', () => {
    const passage = 'Reissuing the command with -N makes the download fetch only the files that changed since the last download. If you mirror an archive every week, use a command like the following:';
    expect(quote([passage], 'How do I fetch only the files that changed since the last download?')).toBe('Reissuing the command with -N makes the download fetch only the files that changed since the last download.');
  });
});

describe('a quoted paragraph', () => {
  it('is quoted without its markers, every line of it quoted; a paragraph with a prompt among other lines keeps it (Node.js’s API docs; fails before: "> Stability: 2 - Stable")', () => {
    const text = '> Stability: 2 - Stable\n\nStarts Node.js in watch mode. When in watch mode, changes in the watched files restart the process.\n\n> Note: watch mode is not\n> available in the REPL.';
    const found = sentences([text]);
    expect(found.map((sentence) => sentence.text)).toEqual([
      'Stability: 2 - Stable',
      'Starts Node.js in watch mode.',
      'When in watch mode, changes in the watched files restart the process.',
      'Note: watch mode is not available in the REPL.',
    ]);
    expect(sentences(['$ node\n> 1 + 1\n2']).map((sentence) => sentence.text)).toEqual(['$ node\n> 1 + 1\n2']);
  });
});

describe('web addresses in a quote', () => {
  it('are links that open in a new tab, the full stop after one left out of it (fails before: plain text)', () => {
    const text = 'Windows uses a registry setting, see http://www.example.com/SUBF/TIP2800/rh2845.htm. Older notes (https://example.org/a?b=1&c=2) are kept.';
    const question = 'Where is the Windows registry setting described?';
    const chosen = chooseSentences(sentences([text]), question, termsOf(question), [0.5]);
    const passage = retrieved({ text, heading: null, wholeSection: false, documentTitle: 'FAQ' });
    const html = extractiveAnswerHtml(chosen, [passage]);
    expect(html).toContain('see <a href="http://www.example.com/SUBF/TIP2800/rh2845.htm" rel="noopener noreferrer nofollow" target="_blank">http://www.example.com/SUBF/TIP2800/rh2845.htm</a>. ');
    expect(html).toContain('(<a href="https://example.org/a?b=1&amp;c=2" rel="noopener noreferrer nofollow" target="_blank">https://example.org/a?b=1&amp;c=2</a>) are kept.');
  });

  it('are Markdown’s links by their text, a link inside the document or a reference as its text alone (Node.js’s BUILDING.md and API docs; fails before: "[Docker](https://…)", "[`TypeError`][]")', () => {
    const text = 'You can try [Docker](https://www.docker.com/products/docker-desktop/) (see [Windows](#windows) for the rest).';
    const html = extractiveAnswerHtml(sentences([text]), [retrieved({ text, heading: null, wholeSection: true, documentTitle: 'Building' })]);
    expect(html).toContain('<p>You can try <a href="https://www.docker.com/products/docker-desktop/" rel="noopener noreferrer nofollow" target="_blank">Docker</a> (see Windows for the rest).</p>');
    const reference = 'A [`TypeError`][] is thrown; see [the variables which configure Node.js][environment_variables] and a[1][2].';
    const referenced = extractiveAnswerHtml(sentences([reference]), [retrieved({ text: reference, heading: null, wholeSection: true, documentTitle: 'Path' })]);
    expect(referenced).toContain('<p>A <code>TypeError</code> is thrown; see the variables which configure Node.js and a[1][2].</p>');
    const mdstat = 'md3 : active raid10 sdg7[3] sde7[0] sdh7[4](F) sdf7[1] (see [the notes](notes.md)).';
    const kept = extractiveAnswerHtml(sentences([mdstat]), [retrieved({ text: mdstat, heading: null, wholeSection: true, documentTitle: 'FAQ' })]);
    expect(kept).toContain('<p>md3 : active raid10 sdg7[3] sde7[0] sdh7[4](F) sdf7[1] (see the notes).</p>');
  });
});

describe('a whole FAQ entry of several paragraphs', () => {
  it('keeps the entry’s paragraphs apart in the answer’s HTML', () => {
    const text = 'Q: Why does dnsmasq open high ports?\nA: The high ports are for replies from upstream servers. Queries go out from them.\n\nThis is not a security hole: dnsmasq only accepts replies there.';
    const found = sentencesOfPassages([{ text, heading: 'FAQ › Why does dnsmasq open high ports?' }]).map((sentence) => ({ ...sentence, terms: sentence.text.toLowerCase().match(/[a-z]+/g) ?? [] }));
    const question = 'is it a security problem that dnsmasq opens high ports';
    const chosen = chooseSentences(found, question, termsOf(question), [0.5], ['entry']);
    const passage = retrieved({ text, heading: 'FAQ › Why does dnsmasq open high ports?', wholeSection: true, documentTitle: 'FAQ' });
    expect(extractiveAnswerHtml(chosen, [passage])).toMatch(
      /^<p>The high ports are for replies from upstream servers\. Queries go out from them\.<\/p><p>This is not a security hole: dnsmasq only accepts replies there\.<\/p><p>/,
    );
  });
});

describe('neighbours', () => {
  it('count a sentence broken by a path on a line of its own once, so the sentence after it still comes', () => {
    // man-db's manual: the sentence that names the option follows one wrapped around a path set apart.
    const passage = [
      'Rather than have multiple NFS mounts from a single machine, this may be accomplished by NFS mounting',
      '',
      '<other-sys>:/usr',
      '',
      'somewhere on the local system and using symbolic links within the manual hierarchies. To access these alternate systems using man use the -m or --systems option.',
    ].join('\n');
    const answer = quote([passage], 'We have NFS mounts of other machines. How do I read their version of a page instead of my local one?');
    expect(answer).toContain('somewhere on the local system');
    expect(answer).toContain('use the -m or --systems option');
  });

  it('still quote at most three lines of a list of terms that end no sentence', () => {
    const lines = ['slant integer Italic, oblique or roman', 'weight integer Light, medium or bold', 'width integer Condensed, normal or expanded', 'spacing integer Proportional or monospace', 'rgba integer Unknown, rgb, bgr'];
    const answer = quote([lines.join('\n\n')], 'Which properties take an integer?');
    expect(lines.filter((line) => answer.includes(line))).toHaveLength(3);
  });

  it('brings the sentence after a best one that ends with a colon, and the one before a best one that leans on it', () => {
    expect(quote(['Unrelated words here.\n\nTo enable uploads, put this line in the config file:\nwrite_enable=YES'], 'how do I enable uploads')).toBe(
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

  it('never brings a table\'s last row above the paragraph after the table, as if it named what the paragraph describes', () => {
    // As a plain text's table is stored (man-db's manual): its cells' padding collapsed.
    const border = '+--------+-----------------------+';
    const rows = ['share', 'local'].flatMap((tree) => [`|<local> | /usr/${tree}/man |`, `|newOS | /usr/${tree}/man/newOS |`, `|userix | /usr/${tree}/man/userix |`]);
    const table = [border, '|System | Manual page hierarchy |', border, ...rows, border].join('\n');
    const after = 'Rather than have multiple NFS mounts from a single machine, this may be done by mounting its /usr on the local system.';
    expect(quote([`An example:\n\n${table}\n\n${after}`], 'how do I avoid multiple NFS mounts from a single machine')).toBe(after);
    // An option's name on its own line above its description still comes with it.
    expect(quote(['-c --stdout\nWrite output on standard output; keep the original files unchanged.'], 'how do I keep the original files unchanged')).toContain('-c --stdout');
  });

  it('quotes the short paragraph the best sentence stands in whole: its point, not its last sentence alone', () => {
    const paragraph =
      'Commas and hyphens in a family name must be preceded by a backslash to avoid having them misread. Values take the same backslash. The backslashes are stripped out of the family name as the font name is read.';
    expect(quote([`${paragraph}\n\nDebugging output goes to standard error.`], 'my font family name has a hyphen, how do I write the font name')).toBe(paragraph);
    // A paragraph longer than an answer is quoted from its best sentence, as before.
    const long = `${'Other words fill this paragraph up. '.repeat(16)}The backslashes are stripped out of the family name as the font name is read.`;
    expect(quote([long], 'how do I write the font family name')).toBe('The backslashes are stripped out of the family name as the font name is read.');
  });

  it('brings the sentence before, across a paragraph’s end, that holds the number a "how far" question asks for', () => {
    const passage = [
      'Padding blocks are added before and after each heap block. The checker adds 16 bytes of them, so it catches overruns of up to 16 bytes past a heap block.',
      'Increasing the padding size makes it possible to catch overruns of larger distances, at the price of memory.',
    ].join('\n\n');
    expect(quote([passage], 'how far past a heap block can an overrun go and be caught, and can the distance be increased')).toBe(
      'The checker adds 16 bytes of them, so it catches overruns of up to 16 bytes past a heap block. Increasing the padding size makes it possible to catch overruns of larger distances, at the price of memory.',
    );
  });

  it('brings the neighbouring sentence that holds the number a "how much" question asks for', () => {
    const passage = 'The cache grows as pages are visited and is trimmed when full. Its default size is 256 MB.';
    expect(quote([passage], 'how much can the page cache grow when visited')).toContain('256 MB');
  });
});

describe('a FAQ’s entries in a plain-text FAQ', () => {
  const faq = [
    'Q: Why does the daemon open high UDP ports as well as port 53?',
    'A: The high ports are for replies from the upstream servers. Queries are sent from them.',
    '',
    '   This is not a security hole: only replies to its own queries are accepted.',
    '',
    'Q: Why is there no support for queries over TCP?',
    'A: Update: from version 2.10 the daemon supports them.',
  ].join('\n');

  it('quotes the answer of the entry holding the best sentence, every paragraph of it, up to the next question', () => {
    const question = 'is it a security problem that the daemon opens high UDP ports';
    expect(quotedEntryQuestion(sentences([faq]), chooseSentences(sentences([faq]), question, termsOf(question), [0.5]))).toBe('Why does the daemon open high UDP ports as well as port 53?');
    expect(quotedEntryQuestion(sentences(['Plain prose. More prose.']), sentences(['Plain prose. More prose.']))).toBeNull();
    expect(quote([faq], 'is it a security problem that the daemon opens high UDP ports')).toBe(
      'The high ports are for replies from the upstream servers. Queries are sent from them. This is not a security hole: only replies to its own queries are accepted.',
    );
  });

  it('quotes a long answer up to its last whole paragraph within the bound', () => {
    const addendum = `Addendum: the port can be chosen. ${'It can also be chosen with an option, '.repeat(40)}as before.`;
    const answer = quote([faq.replace('Q: Why is there no', `   ${addendum}\n\nQ: Why is there no`)], 'is it a security problem that the daemon opens high UDP ports');
    expect(answer).toContain('This is not a security hole');
    expect(answer).not.toContain('Addendum');
  });

  it('knows a numbered entry whose title has no question mark, and never quotes the title', () => {
    const numbered = '5.2.\nDoes hwclock have to be disabled?\n\nOnly when the RTC is monitored.\n\n5.3.\nI keep getting the RTC driver not running message\n\nFor the RTC support to work, you need the following three things:\n\no an RTC in your computer\n\no a kernel with RTC support\n\no an rtcfile directive\n\n5.4.\nI get Could not open the device\n\nAnother program uses it.';
    const found = sentencesOfPassages([{ text: numbered, heading: 'FAQ › 5.2. Does hwclock have to be disabled?' }]).map((sentence) => ({ ...sentence, terms: sentence.text.toLowerCase().match(/[a-z0-9_]+/g) ?? [] }));
    const question = 'I keep getting RTC driver not running, what do I need';
    const chosen = chooseSentences(found, question, termsOf(question), [0.5], ['entry']);
    expect(answerText(chosen)).toBe('For the RTC support to work, you need the following three things: o an RTC in your computer o a kernel with RTC support o an rtcfile directive');
    // Its source names the entry quoted, not the first entry of the passage that heads it.
    expect(quotedEntryQuestion(found, chosen)).toBe('5.3. I keep getting the RTC driver not running message');
    const passage = retrieved({ text: numbered, heading: 'FAQ › 5.2. Does hwclock have to be disabled?', wholeSection: true, documentTitle: 'chrony FAQ' });
    expect(extractiveAnswerHtml(chosen, [passage], quotedEntryQuestion(found, chosen))).toContain('<cite>chrony FAQ (5.3. I keep getting the RTC driver not running message)</cite>');
  });
});

describe('definitions', () => {
  it('answers with the entry of a code list whose code the question holds', () => {
    const codes = 'Wget may return one of several error codes if it encounters problems.\n\n7\n     Protocol errors.\n\n8\n     Server issued an error response.\n\n   In versions prior to 1.12, the exit status of wget tended to be unhelpful.';
    const terms = [term('exit'), term('status'), term('8', 1), term('wget')];
    expect(answerText(chooseSentences(sentences([codes]), 'What does exit status 8 from wget mean?', terms, [0.5]))).toBe('8: Server issued an error response.');
  });

  it('answers with the option a question word names, and ends its description where the next option starts', () => {
    const options = '‘--keep’\n‘-k’\n     Keep input files during compression.\n\n‘--no-name’\n‘-n’\n     When decompressing, do not restore the original gzip file name and the original timestamp of the input files.';
    const question = 'I want to gzip a file but keep the original input files. How?';
    expect(quote([options], question)).toBe('‘--keep’ ‘-k’ Keep input files during compression.');
    // In the HTML, the option is set as code (fails before: one run of text).
    const chosen = chooseSentences(sentences([options]), question, termsOf(question), [0.5]);
    const passage = retrieved({ text: options, heading: null, wholeSection: false, documentTitle: 'gzip' });
    expect(extractiveAnswerHtml(chosen, [passage])).toMatch(/^<p><code>‘--keep’ ‘-k’<\/code> Keep input files during compression\.<\/p>/);
  });

  it('sets each option of a quoted list of options as code', () => {
    const text = 'jpegtran recognizes these switches for extra markers:\n-copy none Copy no extra markers.\n-copy all Copy all extra markers.';
    const question = 'Which switches does jpegtran have for extra markers?';
    const chosen = chooseSentences(sentences([text]), question, termsOf(question), [0.5]);
    const passage = retrieved({ text, heading: null, wholeSection: false, documentTitle: 'usage' });
    expect(extractiveAnswerHtml(chosen, [passage])).toMatch(
      /^<p>jpegtran recognizes these switches for extra markers:<\/p><ul><li><code>-copy none<\/code> Copy no extra markers\.<\/li><li><code>-copy all<\/code> Copy all extra markers\.<\/li><\/ul>/,
    );
  });

  it('quotes an option written with one dash from where its description starts, keeping what it does', () => {
    const options = [
      '-grayscale      Create monochrome JPEG file from color input.',
      '-optimize       Perform optimization of entropy encoding parameters.\n                Without this, default encoding parameters are used.\n                -optimize usually makes the JPEG file a little smaller, but cjpeg runs\n                somewhat slower and needs much more memory.  Image quality and speed of\n                decompression are unaffected by -optimize.',
    ].join('\n\n');
    const answer = quote([options], 'What does the -optimize switch do in cjpeg?');
    expect(answer).toMatch(/^-optimize Perform optimization of entropy encoding parameters\./);
    expect(answer).toContain('cjpeg runs somewhat slower');
  });

  it('answers with the description of the option the question types, though its letter is no word ("What does ssh -A do?")', () => {
    const passage = [
      'ssh (SSH client) is a program for logging into a remote machine and for executing commands on a remote machine.',
      'The options are as follows:',
      '-4 Forces ssh to use IPv4 addresses only.',
      '-A Enables forwarding of connections from an authentication agent\nsuch as ssh-agent(1).',
      '-a Disables forwarding of the authentication agent connection.',
    ].join('\n\n');
    expect(quote([passage], 'What does ssh -A do?')).toBe('-A Enables forwarding of connections from an authentication agent such as ssh-agent(1).');
    expect(quote([passage], 'What does ssh -a do?')).toBe('-a Disables forwarding of the authentication agent connection.');
  });

  it('answers with the description a setting’s name tags, not a line that uses it ("What does XZ_OPT do?")', () => {
    const environment = [
      'XZ_OPT This is for passing options to xz when it is not possible to set the options directly on the xz command line.',
      'Scripts may use XZ_OPT, for example, to set script-specific default compression options. In sh scripts one may use something like this:',
      'XZ_OPT=${XZ_OPT-"-7e"} export XZ_OPT',
    ].join('\n\n');
    // The example line is nearer the question in meaning (the built-in model's similarities, as measured).
    const found = sentences([environment]).map((sentence) => ({ ...sentence, similarity: sentence.text.startsWith('XZ_OPT=') ? 0.6 : 0.4 }));
    for (const question of ['What does XZ_OPT do?', 'What is XZ_OPT?']) {
      expect(answerText(chooseSentences(found, question, termsOf(question), [0.5], []))).toMatch(/^XZ_OPT This is for passing options to xz/);
    }
  });

  it('answers from the passage ranked first when another passage defines the option the question types ("Does tar -x overwrite existing files?")', () => {
    const overwrite = 'These options control tar actions when extracting a file over an existing copy of it.\n\n--overwrite\nOverwrite existing files when extracting.';
    const extract = '-x, --extract, --get\nExtract files from an archive.';
    const question = 'Does tar -x overwrite existing files?';
    const answer = (relevance: readonly number[]) => answerText(chooseSentences(sentences([overwrite, extract]), question, termsOf(question), relevance, []));
    expect(answer([0.5, 0.45])).toContain('Overwrite existing files when extracting.');
    // Ranked first, the option's own description is the answer.
    expect(answer([0.45, 0.5])).toBe('-x, --extract, --get Extract files from an archive.');
  });
});

describe('a sentence that names what the one before spoke of', () => {
  it('brings the sentence before one that says “all such”', () => {
    expect(quote(['Floating point has limits. Precision: there is no support for 80 bit arithmetic. Internally, the tool represents all such long double numbers in 64 bits, so results may differ.'], 'why do long double results differ')).toBe(
      'Precision: there is no support for 80 bit arithmetic. Internally, the tool represents all such long double numbers in 64 bits, so results may differ.',
    );
  });
});

describe('the sentence after a list', () => {
  it('comes with the list when it holds some of the question', () => {
    const passage = 'bzip2 guesses the name of the decompressed file as follows:\n• name.bz2 becomes name\n• name.tbz becomes name.tar\n\nIf the file does not end in one of these, bzip2 cannot guess the name and uses the original name with .out appended.';
    expect(quote([passage], 'what does bzip2 name a decompressed tbz file')).toContain('.out appended');
  });
});

describe('a section’s number', () => {
  it('is not the number a "what is the default" question asks for', () => {
    expect(holdsNumber('3.2 Termination Threshold The solver stops when the energy is low.')).toBe(false);
    expect(holdsNumber('5.3.')).toBe(false);
    expect(holdsNumber('The default (.1) is low enough.')).toBe(true);
    expect(holdsNumber('3.2 Limits The default is 16 bytes.')).toBe(true);
  });
});

describe('a numbered FAQ whose questions are not all questions', () => {
  it('knows a later entry by its number, quotes its answer alone and names it as the source', () => {
    const text = ' 3. Where can I get a Visual Basic interface to zlib?\n\n    See the DLL FAQ in the zlib distribution.\n\n 4. compress() returns Z_BUF_ERROR.\n\n    Make sure that the length of the compressed buffer is not zero.\n\n 5. deflate() returns Z_BUF_ERROR.\n\n    Make sure that avail_in and avail_out are not zero.';
    const found = sentencesOfPassages([{ text, heading: 'zlib FAQ › 3. Where can I get a Visual Basic interface to zlib?' }]).map((sentence) => ({ ...sentence, terms: sentence.text.toLowerCase().match(/[a-z0-9_]+/g) ?? [] }));
    const question = 'my compress call fails with z_buf_error';
    const chosen = chooseSentences(found, question, termsOf(question), [0.5], ['entry']);
    expect(answerText(chosen)).toBe('Make sure that the length of the compressed buffer is not zero.');
    expect(quotedEntryQuestion(found, chosen)).toBe('4. compress() returns Z_BUF_ERROR.');
  });
});

describe('a FAQ’s entry that states its problem', () => {
  const stored = (text: string, heading: string) =>
    sentencesOfPassages([{ text, heading }]).map((sentence) => ({ ...sentence, terms: sentence.text.toLowerCase().match(/[a-z0-9_]+/g) ?? [] }));

  it('quotes the answer, never the problem or the error its title quotes, and names the entry by its title alone', () => {
    const title = "2.2. When building the tool, 'make' fails with this:";
    const found = stored(`${title}\n/usr/bin/ld: cannot find -lc\ncollect2: ld returned 1 exit status\n\nYou need to install the static C library package.`, `Tool FAQ › ${title}`);
    const question = 'the build fails because ld cannot find -lc, what do I install';
    const chosen = chooseSentences(found, question, termsOf(question), [0.5], [sectionOf({ text: '', heading: `Tool FAQ › ${title}`, wholeSection: true })]);
    expect(answerText(chosen)).toBe('You need to install the static C library package.');
    expect(quotedEntryQuestion(found, chosen)).toBe(title);
  });

  it('reads an entry that asks and ends with "!" as an entry ("9.4. How can I keep a log …? I\'d like to know when … packages!")', () => {
    const heading = "Debian FAQ › 9.4. How can I keep a log of the packages I added? I'd like to know when upgrades have occurred!";
    expect(sectionOf({ text: 'x'.repeat(800), heading, wholeSection: true })).toBe('entry');
    expect(sectionOf({ text: 'x'.repeat(1100), heading: 'Manual › 9.4. Logging', wholeSection: true })).toBe('part');
  });

  it('reads an unnumbered title that states a problem as a sentence as an entry, and quotes its whole answer', () => {
    const title = 'When I try to run the tool over ssh, I get an error:';
    expect(sectionOf({ text: 'x'.repeat(800), heading: `Tool FAQ › ${title}`, wholeSection: true })).toBe('entry');
    expect(sectionOf({ text: 'x'.repeat(800), heading: 'Tool FAQ › On HP-UX, the umask setting has no effect.', wholeSection: true })).toBe('entry');
    expect(sectionOf({ text: 'x'.repeat(1100), heading: 'Tool manual › Usage:', wholeSection: true })).toBe('part');
    expect(sectionOf({ text: 'x'.repeat(1100), heading: 'Tool manual › Running over ssh', wholeSection: true })).toBe('part');
    const error = 'tool: a terminal is required to read the password';
    const why = `If the tool needs a password, it requires access to the terminal to disable echo. ${'The above message indicates that no terminal was present. '.repeat(6)}`;
    const fix = "When running a command via ssh, a terminal is not allocated by default. The '-t' option to ssh will force it to allocate a tty.";
    const found = stored(`${error}\n\n${why}\n\n${fix}`, `Tool FAQ › ${title}`);
    const question = 'running the tool through ssh fails saying a terminal is required to read the password';
    const chosen = chooseSentences(found, question, termsOf(question), [0.5], [sectionOf({ text: `${error}\n\n${why}\n\n${fix}`, heading: `Tool FAQ › ${title}`, wholeSection: true })]);
    expect(answerText(chosen)).toContain("The '-t' option to ssh will force it to allocate a tty.");
  });

  it('quotes the answer after its marker below a marked question ending with a colon', () => {
    const title = 'I get this error when I print:';
    const found = stored(`Q: ${title}\nE-42 paper jam\nA: Open the rear door and pull the sheet out.`, `Printer FAQ › ${title}`);
    const question = 'my printer shows error E-42 paper jam';
    expect(answerText(chooseSentences(found, question, termsOf(question), [0.5], ['short']))).toBe('Open the rear door and pull the sheet out.');
  });

  it('leaves out a title wrapped over lines above its answer in the same paragraph', () => {
    const title = '3.4. I tried running a Java program under the tool but something went wrong. Does the tool handle such programs?';
    const text = '3.4. I tried running a Java program under the tool but something\nwent wrong. Does the tool handle such programs?\nIt handles generated code unless the program overwrites it; run with --smc-check=all then.';
    const found = stored(text, `Tool FAQ › ${title}`);
    const question = 'my java program goes wrong under the tool';
    expect(answerText(chooseSentences(found, question, termsOf(question), [0.5], ['entry']))).toBe('It handles generated code unless the program overwrites it; run with --smc-check=all then.');
  });
});

describe('a question line’s match', () => {
  it('counts for the sentence right after its few lines, not for the text after a long run of questions', () => {
    const contents = 'How do I upgrade the firmware?\n\nDoes it float?\n\nIs it red?\n\nCan it fly?\n\nBlue is the colour of the case.';
    expect(quote([contents], 'upgrade the firmware')).toBe('');
    expect(quote(['How do I upgrade the firmware?\n\nHold both buttons for ten seconds.'], 'upgrade the firmware')).toBe('Hold both buttons for ten seconds.');
  });
});

describe('a definition list', () => {
  it('quotes the definition of the term the question names, whole, with its term', () => {
    // As a passage keeps it: the definitions' indentation is gone.
    const glossary = [
      'manual page',
      'A file describing the use of a program.',
      '',
      'cat page',
      'A formatted manual page suitable for viewing on a terminal.',
      '',
      'cat page hierarchy',
      'A directory tree divided into cat page sections, each containing a',
      'collection of cat pages.',
    ].join('\n');
    const question = 'What are cat pages?';
    const found = sentences([glossary]);
    const terms = [term('cat', 3), term('page', 1)];
    expect(answerText(chooseSentences(found, question, terms, [0.5]))).toBe('cat page A formatted manual page suitable for viewing on a terminal.');
    // A title above one paragraph is no definition list.
    expect(answerText(chooseSentences(sentences(['Cat pages\nThey are kept in /var/cache/man.']), question, terms, [0.5]))).toBe('They are kept in /var/cache/man.');
  });
});

describe('a table of contents', () => {
  it('is never quoted, its titles ending with a full stop or after a section number on the line above included', () => {
    const contents = [
      '5.8. Does sed issue an exit code?',
      "5.9. The 'r' command isn't inserting the file into the text.",
      '5.11. My script aborts with an error message, "event not found".',
      '',
      '6. OTHER ISSUES',
      '6.1. I have a problem that stumps me. Where can I get help?',
      '6.2. How does sed compare with awk, perl, and other utilities?',
    ].join('\n');
    expect(sentencesOfPassages([{ text: contents }]).every((sentence) => sentence.shape === 'heading')).toBe(true);
    expect(quote([contents], 'my script aborts with an error message event not found')).toBe('');
  });

  it('leaves an entry under its numbered title, and numbered steps, to be quoted', () => {
    const entry = { text: "5.9. The 'r' command isn't inserting the file into the text.\n\nThe r command reads the file after the current line is printed.", heading: "sed FAQ › 5.9. The 'r' command isn't inserting the file into the text." };
    const found = sentencesOfPassages([entry]).map((sentence) => ({ ...sentence, terms: sentence.text.toLowerCase().match(/[a-z0-9_]+/g) ?? [] }));
    expect(found.at(-1)?.shape).toBe('sentence');
    const question = 'the r command is not inserting the file';
    expect(answerText(chooseSentences(found, question, termsOf(question), [0.5], ['entry']))).toBe('The r command reads the file after the current line is printed.');
    const steps = 'To upgrade:\n1. Unplug the kettle.\n2. Hold both buttons.\n3. Plug it in again.';
    expect(quote([steps], 'how do I upgrade the kettle')).toContain('1. Unplug the kettle.');
  });
});

describe('plain text wrapped at a fixed width', () => {
  const zlibEntry = {
    heading: 'zlib FAQ › 21. Is zlib thread-safe?',
    text: [
      '21. Is zlib thread-safe?',
      '',
      '    Yes.  However any library routines that zlib uses and any application-',
      '    provided memory allocation routines must also be thread-safe.  zlib\'s gz*',
      '    functions use stdio library routines, and most of zlib\'s functions use the',
      '    library memory allocation routines by default.  zlib\'s *Init* functions',
      '    allow for the application to provide custom memory allocation routines.',
      '',
      '    Of course, you should only operate on any given zlib or gzip stream from a',
      '    single thread at a time.',
    ].join('\n'),
  };

  it('is read as its sentences, even where the next starts with a small letter (a name), never line by line', () => {
    expect(sentencesOfPassages([zlibEntry]).map((sentence) => [sentence.text, sentence.shape])).toEqual([
      ['21. Is zlib thread-safe?', 'question'],
      ['Yes.', 'sentence'],
      ['However any library routines that zlib uses and any application-provided memory allocation routines must also be thread-safe.', 'sentence'],
      ["zlib's gz* functions use stdio library routines, and most of zlib's functions use the library memory allocation routines by default.", 'sentence'],
      ["zlib's *Init* functions allow for the application to provide custom memory allocation routines.", 'sentence'],
      ['Of course, you should only operate on any given zlib or gzip stream from a single thread at a time.', 'sentence'],
    ]);
  });

  it('quotes a FAQ entry’s whole answer, not its first word', () => {
    const found = sentences([zlibEntry.text]).map((sentence, index) => ({ ...sentence, shape: index === 0 ? ('question' as const) : sentence.shape }));
    const answer = answerText(chooseSentences(found, 'Is zlib thread-safe?', termsOf('Is zlib thread-safe?'), [0.5], ['entry']));
    expect(answer).toMatch(/^Yes\. However any library routines/);
    expect(answer).toContain('from a single thread at a time.');
  });

  it('keeps one long wrapped sentence whole, and a help text without full stops line by line', () => {
    const long = `So even though the\n"deflate" transfer encoding using the zlib format would be the more\nefficient approach (and in fact exactly what the zlib format was designed\nfor), using the "gzip" transfer encoding is probably more reliable due to\nan unfortunate choice of name on the part of the HTTP 1.1 authors.`;
    expect(sentencesOfPassages([{ text: long }]).map((sentence) => sentence.shape)).toEqual(['sentence']);
    const help = Array.from({ length: 12 }, (_, index) => `-${index}, --option-${index}   does thing number ${index}`).join('\n');
    expect(sentencesOfPassages([{ text: help }])).toHaveLength(12);
  });

  it('reads a chunk that starts inside a wrapped paragraph as prose, and an option with an optional value as starting its description', () => {
    // An option whose value is optional ("--one-top-level[=DIR]", GNU tar's) starts its own description.
    const optional = sentencesOfPassages([{ text: '--no-overwrite-dir\nPreserve metadata of existing directories.\n\n--one-top-level[=DIR]\nExtract all files into DIR.' }]);
    expect(optional.map((sentence) => sentence.entry)).toEqual(['--no-overwrite-dir', '--one-top-level[=DIR]']);
    // A chunk that starts inside a wrapped paragraph (a manual page's "… is interrupted.  In some circumstances it is more").
    const started = 'In some circumstances it is more\ndesirable to keep partially transferred files. Using the\n--partial option tells rsync to keep the partial file.';
    expect(sentencesOfPassages([{ text: started }]).map((sentence) => [sentence.text, sentence.shape])).toEqual([
      ['In some circumstances it is more desirable to keep partially transferred files.', 'sentence'],
      ['Using the --partial option tells rsync to keep the partial file.', 'sentence'],
    ]);
  });

  it('mends a word a line’s end broke after its hyphen, and reads a short last line of a paragraph as its end, not a heading', () => {
    const found = sentencesOfPassages([{ text: 'man will only display the first page that meets the search crite-\nria, unlike application-\nprovided pagers. Thus\n\n  /RE/r insert.me\n\nwill fail.' }]);
    expect(found.map((sentence) => [sentence.text, sentence.shape])).toEqual([
      ['man will only display the first page that meets the search criteria, unlike application-provided pagers.', 'sentence'],
      ['Thus', 'sentence'],
      ['/RE/r insert.me', 'sentence'],
      ['will fail.', 'sentence'],
    ]);
  });
});

describe('a question that asks two things', () => {
  const passage = [
    'Parameter retryBudget controls how the sync behaves when the network keeps failing. If uploads run into repeated timeouts, the client switches from the fast path to a careful one. The careful path is slower by perhaps a factor of three, but always finishes.',
    'Lower values of retryBudget make the client give up on the fast path sooner. You should set this parameter carefully; too low, and most uploads take the careful path.',
    'Allowable values range from 0 to 250 inclusive. 0 is a special case, equivalent to using the default value of 30.',
  ].join('\n\n');

  it('splits the question where it asks its next thing', () => {
    expect(asksOf('What range of values does retryBudget accept, and what is its default?')).toEqual(['What range of values does retryBudget accept', 'what is its default?']);
    expect(asksOf('Does the tool cap image size? And how do I raise it?')).toEqual(['Does the tool cap image size?', 'how do I raise it?']);
    expect(asksOf('Can I copy files and folders at once?')).toEqual(['Can I copy files and folders at once?']);
  });

  it('adds the sentence of the passage that answers the later ask when the quote answers only the first', () => {
    const question = 'What does the retryBudget parameter control, and what is its default?';
    const answer = quote([passage], question);
    expect(answer).toMatch(/^Parameter retryBudget controls how the sync behaves/);
    expect(answer).toContain('0 is a special case, equivalent to using the default value of 30.');
    // Asked one thing, the quote stays as it was.
    expect(quote([passage], 'What does the retryBudget parameter control?')).not.toContain('default value of 30');
  });

  it('takes no sentence of an option’s description for a quote that describes no option', () => {
    const options = 'Passwords given on the command line are visible to other users. To keep your password hidden, store it in the rc file.\n\n--keep-alive\nTurn off the keep-alive feature. The default is on.';
    const answer = quote([options], 'How do I keep my password hidden from other users, and what is the default?');
    expect(answer).toContain('store it in the rc file');
    expect(answer).not.toContain('The default is on.');
  });

  it('marks the text it leaves out between sentences of one paragraph', () => {
    const oneParagraph = 'Parameter retryBudget controls how the sync behaves when the network keeps failing. It is read at start-up. It applies to uploads only. Changing it needs a restart. The default value is 30.';
    const answer = quote([oneParagraph], 'What does the retryBudget parameter control, and what is its default?');
    expect(answer).toContain('… The default value is 30.');
  });
});
