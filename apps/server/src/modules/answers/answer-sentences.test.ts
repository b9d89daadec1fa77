import { describe, expect, it } from 'vitest';
import { sentences, term } from '../../test/answer-test-terms.ts';
import { answerText, chooseSentences, MOST_SENTENCES_WEIGHED, sectionOf, sentencesOfPassages, sentencesToWeigh } from './answer-sentences.ts';


describe('sentencesOfPassages', () => {
  it('cuts passages into sentences, whitespace tidied, each knowing its passage, paragraph and the option its paragraph describes', () => {
    const found = sentencesOfPassages([{ text: '‘-c’\n‘--continue’\n     Continue getting a file.  It is useful.\n\nAnother paragraph.' }, { text: 'Second passage.' }]);
    expect(found.map((sentence) => [sentence.text, sentence.passage, sentence.index, sentence.paragraph, sentence.entry])).toEqual([
      ['‘-c’ ‘--continue’ Continue getting a file.', 0, 0, 0, '‘-c’ ‘--continue’'],
      ['It is useful.', 0, 1, 0, '‘-c’ ‘--continue’'],
      ['Another paragraph.', 0, 2, 1, '‘-c’ ‘--continue’'],
      ['Second passage.', 1, 0, 0, null],
    ]);
  });

  it('takes the option a paragraph starts with, or a paragraph of its own names, as what the paragraphs after it describe, until the next option', () => {
    const found = sentencesOfPassages([
      { text: '--error-exitcode=<number> [default: 0]\n\nSpecifies an exit code.\n\nUseful in test suites.\n\n‘--keep’\n‘-k’\nKeep input files.' },
      { text: 'A passage of its own.' },
    ]);
    expect(found.map((sentence) => [sentence.text, sentence.entry])).toEqual([
      ['--error-exitcode=<number> [default: 0]', '--error-exitcode=<number>'],
      ['Specifies an exit code.', '--error-exitcode=<number>'],
      ['Useful in test suites.', '--error-exitcode=<number>'],
      ['‘--keep’ ‘-k’ Keep input files.', '‘--keep’ ‘-k’'],
      ['A passage of its own.', null],
    ]);
    expect(answerText(found.slice(2, 3))).toBe('--error-exitcode=<number>: Useful in test suites.');
  });

  it('reads a long "sentence" without full stops (a list, a help text) line by line', () => {
    const help = Array.from({ length: 12 }, (_, index) => `-${index}, --option-${index}   does thing number ${index}`).join('\n');
    expect(sentencesOfPassages([{ text: help }]).length).toBe(12);
  });
});

/** A usage text's option list, one option and value a line under a lead-in (libjpeg-turbo's usage.txt), as stored: lines kept, spaces single. */
const COPY_SWITCHES = [
  '-grayscale Force grayscale output. This option discards the chrominance channels.',
  '',
  'jpegtran also recognizes these switches that control what to do with "extra"',
  'markers, such as comment blocks:',
  '-copy none Copy no extra markers from source file. This setting',
  'suppresses all comments and other metadata in the source file.',
  '-copy comments Copy only comment markers. This setting copies',
  'comments from the source file but discards any other metadata.',
  '-copy all Copy all extra markers. This setting preserves',
  'miscellaneous markers found in the source file, such as JFIF thumbnails,',
  'Exif data, and Photoshop settings.',
  'The default behavior is -copy comments.',
].join('\n');

describe('an option list of one option a line, inside a paragraph (fails before: the paragraph was all "-grayscale")', () => {
  it('cuts the lead-in off the first option and gives each option, with its value, the sentences after it', () => {
    const found = sentencesOfPassages([{ text: COPY_SWITCHES }]).filter((sentence) => sentence.paragraph === 1);
    expect(found.map((sentence) => [sentence.text.slice(0, 30), sentence.entry])).toEqual([
      ['jpegtran also recognizes these', null],
      ['-copy none Copy no extra marke', '-copy none'],
      ['This setting suppresses all co', '-copy none'],
      ['-copy comments Copy only comme', '-copy comments'],
      ['This setting copies comments f', '-copy comments'],
      ['-copy all Copy all extra marke', '-copy all'],
      ['This setting preserves miscell', '-copy all'],
      ['The default behavior is -copy ', '-copy all'],
    ]);
  });

  it('keeps a sentence that names its own option again in that option’s description', () => {
    const found = sentencesOfPassages([{ text: '-optimize Perform optimization of entropy encoding parameters. -optimize usually makes the JPEG file a little smaller.' }]);
    expect(found.map((sentence) => sentence.entry)).toEqual(['-optimize', '-optimize']);
  });

  it('quotes the option that answers, named, and never under the option before the list', () => {
    const question = "The camera's Exif data disappears after jpegtran. How do I keep it?";
    const answer = answerText(chooseSentences(sentences([COPY_SWITCHES]), question, [term('exif', 4), term('jpegtran', 2), term('camera', 3), term('keep', 2), term('data', 1)], [1]));
    expect(answer).toMatch(/^-copy all Copy all extra markers\. This setting preserves .* Exif data/);
    expect(answer).not.toContain('-grayscale');
    expect(answer).not.toContain('-copy none');
  });

  it('reads the options after the lead-in as its items, and quotes them all when the lead-in answers (fails before: the lead-in and one option)', () => {
    const found = sentencesOfPassages([{ text: COPY_SWITCHES }]).filter((sentence) => sentence.paragraph === 1);
    expect(found.map((sentence) => sentence.shape)).toEqual(['sentence', 'item', 'sentence', 'item', 'sentence', 'item', 'sentence', 'sentence']);
    const question = 'Which switches does jpegtran have for the extra markers?';
    // The next paragraph is the lead-in of another list (fails before: the answer ended on it).
    const text = `${COPY_SWITCHES}\n\nAdditional switches recognized by jpegtran are:`;
    const answer = answerText(chooseSentences(sentences([text]), question, [term('switch', 3), term('jpegtran', 2), term('extra', 2), term('marker', 3)], [1]));
    expect(answer).toMatch(/^jpegtran also recognizes these switches .* comment blocks: -copy none Copy no extra markers/);
    for (const option of ['-copy comments Copy only comment markers.', '-copy all Copy all extra markers.']) expect(answer).toContain(option);
    expect(answer).not.toContain('-grayscale');
    expect(answer).toMatch(/The default behavior is -copy comments\.$/);
  });
});

describe('chooseSentences', () => {
  const terms = [term('memory', 3), term('decompress', 2)];

  it('quotes the sentence holding most of the question, then the next ones of its passage while they add to it', () => {
    const chosen = chooseSentences(
      sentences(['Files are compressed in blocks. Decompression needs 3700k of memory. With -s it needs 2300k of memory. The weather is nice.']),
      'How much memory does decompression need?',
      [term('memori', 3), term('decompression', 2)],
      [0.5],
    );
    expect(chosen.map((sentence) => sentence.text)).toEqual(['Decompression needs 3700k of memory.', 'With -s it needs 2300k of memory.']);
  });

  it('quotes the sentence before one that leans on it', () => {
    const chosen = chooseSentences(sentences(['Use the -s flag on small machines. This halves the memory to decompress.']), 'memory to decompress?', terms, [0.5]);
    expect(chosen.map((sentence) => sentence.text)).toEqual(['Use the -s flag on small machines.', 'This halves the memory to decompress.']);
  });

  it('quotes the sentence before one whose subject leans on it after an opening phrase ("For recursive programs, it…")', () => {
    const text = 'The annotate tool does no cycle detection at all. For programs with recursion, it can print costs above 100%. Costs are in cycles.';
    const chosen = chooseSentences(sentences([text]), 'Why are costs above 100% for recursion?', [term('cost', 2), term('recursion', 3)], [0.5]);
    expect(chosen.map((sentence) => sentence.text).slice(0, 2)).toEqual(['The annotate tool does no cycle detection at all.', 'For programs with recursion, it can print costs above 100%.']);
  });

  it('counts a question about a default as one asking for a value', () => {
    const text = 'The solver stops once the energy falls below epsilon. Layouts then look balanced.\n\nUnless set, the solver epsilon is .1 here.';
    const chosen = chooseSentences(sentences([text]), 'What is the default epsilon of the solver?', [term('solver', 3), term('epsilon', 3), term('default', 1)], [0.5]);
    expect(chosen.map((sentence) => sentence.text)).toEqual(['Unless set, the solver epsilon is .1 here.']);
  });

  it('prefers, for "how do I…", the sentence that names an option, and for "how much…" the one with a number', () => {
    const text = ['Decompressing can use a lot of memory on old machines.', 'Give --small to decompress in less memory.'];
    const how = chooseSentences(sentences([text.join(' ')]), 'How do I decompress with little memory?', terms, [0.5]);
    // The sentence before holds as much of the question: it comes too, before the best one.
    expect(how.at(-1)?.text).toBe('Give --small to decompress in less memory.');
    const much = chooseSentences(sentences(['Decompression uses memory on every machine. Decompression uses 3700k of memory.']), 'How much memory does it take to decompress?', terms, [0.5]);
    expect(much.at(-1)?.text).toBe('Decompression uses 3700k of memory.');
  });

  it('quotes only passages nearly as relevant as the best, and nothing when no sentence holds any of the question', () => {
    const chosen = chooseSentences(sentences(['Nothing here.', 'Decompression needs memory.']), 'memory to decompress?', terms, [0.9, 0.3]);
    expect(chosen).toEqual([]);
    expect(chooseSentences(sentences(['Nothing here.']), 'memory?', terms, [0.5])).toEqual([]);
  });

  it('weighs each sentence by its passage’s relevance: a less relevant passage’s sentence must hold more of the question', () => {
    const question = 'unpack small in memory';
    const weighted = [term('memory', 3), term('unpack', 3), term('small', 1)];
    const passages = ['Unpack within little memory here.', 'Unpack small files in memory there.'];
    expect(chooseSentences(sentences(passages), question, weighted, [0.9, 0.75]).map((sentence) => sentence.text)).toEqual(['Unpack within little memory here.']);
    // Nearly as relevant, it wins with more of the question.
    expect(chooseSentences(sentences(passages), question, weighted, [0.9, 0.88]).map((sentence) => sentence.text)).toEqual(['Unpack small files in memory there.']);
  });

  it('lets meaning decide between sentences holding about as much of the question: the one whose vector is nearest the question’s', () => {
    const found = sentences(['The password shows in the process list for other users.', 'To keep the password from being visible, use --use-askpass.']);
    const question = 'Is my password visible to other users?';
    const words = [term('password', 2), term('user', 1), term('visible', 1)];
    const withMeaning = (near: number) => found.map((sentence, index) => ({ ...sentence, similarity: index === near ? 0.6 : 0.1 }));
    // Two passages as relevant, each sentence holding three quarters of the question's weight: the first stands first.
    expect(chooseSentences(found, question, words, [0.5, 0.5]).map((sentence) => sentence.text)).toEqual(['The password shows in the process list for other users.']);
    expect(chooseSentences(withMeaning(1), question, words, [0.5, 0.5]).map((sentence) => sentence.text)).toEqual(['To keep the password from being visible, use --use-askpass.']);
  });

  it('reads "which port…" as asking for a number', () => {
    const found = sentences(['NTS may fail on the server when its clock is wrong. A firewall may also block port 4460.']);
    const chosen = chooseSentences(found, 'NTS fails: which port must be open on the server?', [term('nt', 2), term('fail', 1), term('server', 1), term('open', 1)], [0.5]);
    expect(chosen.map((sentence) => sentence.text)).toEqual(['NTS may fail on the server when its clock is wrong.', 'A firewall may also block port 4460.']);
  });

  it('quotes an option’s description from where it names the option, as a man page escapes it (\\-r) and with its argument', () => {
    const found = sentences(["'\\-p'\nForces the pointer to be visible.\n\n'\\-r NUMBER'\nSet the responsiveness as a percentage of motion (1 to 100, default 10). A lower number can be used to slow down cursor motion."]);
    expect(found.map((sentence) => sentence.entry)).toEqual(["'\\-p'", "'\\-r NUMBER'", "'\\-r NUMBER'"]);
    const chosen = chooseSentences(found, 'The cursor moves too fast; how do I slow it down?', [term('cursor', 2), term('slow', 2)], [0.5]);
    expect(answerText(chosen)).toBe("'\\-r NUMBER' Set the responsiveness as a percentage of motion (1 to 100, default 10). A lower number can be used to slow down cursor motion.");
  });

  it('prefers, for "what is…", the sentence that says what the thing is called or means', () => {
    const found = sentences([
      'Support for cat pages comes from creating their directories.\n\nFormatted pages are kept on disk for speed. These pre-formatted manual pages are known as cat pages.',
    ]);
    const chosen = chooseSentences(found, 'What exactly are cat pages?', [term('cat', 2), term('page', 1)], [0.5]);
    expect(chosen.map((sentence) => sentence.text)).toEqual(['Formatted pages are kept on disk for speed.', 'These pre-formatted manual pages are known as cat pages.']);
    expect(chooseSentences(found, 'Where do cat pages come from?', [term('cat', 2), term('page', 1)], [0.5])[0]?.text).toBe('Support for cat pages comes from creating their directories.');
  });

  it('reads a sentence with the one before it in its paragraph: a problem set out, then what to do, outweighs a sentence elsewhere holding a little more (fails before: the later paragraph was quoted alone)', () => {
    const found = sentences(['Suppose you need a branch again. Delete it, and the commit is still found by git fsck.\n\nTo get it back, recover from the reflog.']);
    const asked = [term('need', 1.8), term('branch', 2.2), term('delete', 3.5), term('commit', 2.5), term('back', 3), term('recover', 3.5), term('accident', 5)];
    const chosen = chooseSentences(found, 'I deleted a branch by accident and need its commits back. Can I recover them?', asked, [0.5]);
    expect(chosen.map((sentence) => sentence.text).slice(0, 2)).toEqual(['Suppose you need a branch again.', 'Delete it, and the commit is still found by git fsck.']);
  });

  it('keeps the sentence before the best one that makes the same point, the sentences after giving way to it within the bound (fails before: the long sentences after crowded it out)', () => {
    const long = (word: string) => `The ${word} viewer ${'renders every slot of the table in turn '.repeat(13).trim()}.`;
    const found = sentences([`Low values make a warning, because some viewers cannot decode the file that such low values produce, as the tables they need are optional. Use the baseline switch to stay compatible with every tool.\n\n${long('first')} ${long('second')}`]);
    const asked = [term('warning', 3), term('viewer', 2), term('compatible', 4), term('tool', 2)];
    const chosen = chooseSentences(found, 'cjpeg gives a warning and viewers cannot open the file. How do I make it compatible?', asked, [0.5]);
    expect(chosen[0]?.text).toBe('Low values make a warning, because some viewers cannot decode the file that such low values produce, as the tables they need are optional.');
    expect(chosen[1]?.text).toBe('Use the baseline switch to stay compatible with every tool.');
    expect(chosen.reduce((sum, sentence) => sum + sentence.text.length + 1, 0)).toBeLessThanOrEqual(700);
  });

  it('never quotes more than three sentences', () => {
    const many = Array.from({ length: 6 }, (_, index) => `Memory note ${index} on how to decompress.`).join(' ');
    expect(chooseSentences(sentences([many]), 'memory decompress', terms, [0.5])).toHaveLength(3);
  });
});

describe('sectionOf', () => {
  const long = (characters: number) => 'Word '.repeat(characters / 5).trim();
  const section = (text: string, heading: string | null, wholeSection = true) => sectionOf({ text, heading, wholeSection });
  it('knows a FAQ entry by its question heading, and a short section under another heading', () => {
    expect(section(long(600), 'Manual › Cleaning')).toBe('short');
    expect(section(long(950), 'Manual › Cleaning')).toBe('short');
    expect(section(long(1100), 'Manual › Cleaning')).toBe('part');
    expect(section(long(3000), 'FAQ › Why does dnsmasq open high ports?')).toBe('entry');
    expect(section(long(900), 'Q: Why does dnsmasq open high ports')).toBe('entry');
    expect(section(long(200), null)).toBe('part');
  });

  it('quotes a passage of up to 1,000 characters whole only when it is all of its section (a longer section’s last chunk, up to 700)', () => {
    expect(section(long(900), 'Manual › Cleaning', false)).toBe('part');
    expect(section(long(600), 'Manual › Cleaning', false)).toBe('short');
  });

  it('knows an entry by a numbered title that states its problem, not a manual section by its numbered title', () => {
    expect(section(long(900), "5. TROUBLESHOOTING › 5.9. The 'r' command isn't inserting the file into the text.")).toBe('entry');
    expect(section(long(900), 'zlib FAQ › 4. compress() returns Z_BUF_ERROR.')).toBe('entry');
    expect(section(long(1100), '3. Filesystem structure › 3.5.3.  Viewing ASCII pages formatted for latin1 output device')).toBe('part');
    expect(section(long(1100), 'Manual › 2.1. Options...')).toBe('part');
  });
});

describe('answerText', () => {
  it('names the option the quoted sentences describe when they do not name it themselves', () => {
    const found = sentencesOfPassages([{ text: '‘--no-check-certificate’\n     Don’t check the certificate.  Use it to proceed anyway.' }]);
    expect(answerText(found.slice(1))).toBe('‘--no-check-certificate’: Use it to proceed anyway.');
    expect(answerText(found)).toBe('‘--no-check-certificate’ Don’t check the certificate. Use it to proceed anyway.');
  });
});

describe('sentencesToWeigh', () => {
  const filler = (count: number, from = 0) => Array.from({ length: count }, (_, index) => `Filler line number ${from + index} says nothing here.`).join(' ');

  it('weighs every quotable sentence when they are few, and none of a passage far less relevant than the best', () => {
    const found = sentences([filler(3), filler(2, 10)]);
    expect(sentencesToWeigh(found, 'How do I reset the printer?', [term('reset', 3), term('printer', 2)], [1, 0.3])).toEqual([0, 1, 2]);
  });

  it('weighs at most MOST_SENTENCES_WEIGHED of a long passage, keeping the ones that hold the question, in order', () => {
    const found = sentences([`${filler(20)} Hold the button to reset the printer. ${filler(20, 20)} The printer restarts.`]);
    expect(found).toHaveLength(42);
    const weighed = sentencesToWeigh(found, 'How do I reset the printer?', [term('reset', 3), term('printer', 2)], [1]);
    expect(weighed).toHaveLength(MOST_SENTENCES_WEIGHED);
    expect(weighed).toEqual([...weighed].sort((left, right) => left - right));
    expect(weighed).toContain(20);
    expect(weighed).toContain(41);
  });
});
