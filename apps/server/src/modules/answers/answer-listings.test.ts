import { describe, expect, it } from 'vitest';
import { retrieved, sentences as sentencesWith, term } from '../../test/answer-test-terms.ts';
import { extractiveAnswerHtml } from './answer-builders.ts';
import { isListing, listingPieces, LONGEST_LISTING_PIECE } from './answer-listings.ts';
import { chooseSentences } from './answer-sentences.ts';

describe('a listing in a passage', () => {
  it('is lines of commands, configuration or code, not prose, a table or a web address after its lead-in', () => {
    expect(isListing('./configure --debug\nmake -j4')).toBe(true);
    expect(isListing('make install PREFIX=/opt/node-debug/\ncp -a -f out/Debug/node /opt/node-debug/node')).toBe(true);
    expect(isListing('anonymous_enable=NO\nlocal_enable=YES\nwrite_enable=YES')).toBe(true);
    expect(isListing('    gzip -c file1  > foo.gz\n    gzip -c file2 >> foo.gz')).toBe(true);
    expect(isListing('$ gdb /opt/node-debug/node core.node.8.1535359906\n(gdb) backtrace')).toBe(true);
    // A bare command beside a line with a sign of code (fails before: "make test-only" has none, one line of two).
    expect(isListing('./configure --debug --enable-asan && make -j4\nmake test-only')).toBe(true);
    expect(isListing('See the manual\nfor the details')).toBe(false);
    expect(isListing('• \\ on Windows\n• / on POSIX')).toBe(false);
    expect(isListing('* `path` {string}\n* Returns: {string}')).toBe(false);
    // Prose wrapped at its lines, ending as prose does or holding a sentence's end.
    expect(isListing('If you run into an issue, you\ncan try to build a debug binary:')).toBe(false);
    expect(isListing('Use the --debug option and\nthen run make. It builds two\nbinaries in out/Debug')).toBe(false);
    expect(isListing('See the manual at\nhttps://www.gnu.org/software/wget/')).toBe(false);
    expect(isListing('Name | Default\nport | 21')).toBe(false);
    expect(isListing('make -j4')).toBe(false);
    // Code whose comments hold sentences (Expat's reference, a web page's <pre>; fails before: read as prose, the
    // comment's sentences quoted as the answer); prose that speaks of comments is not code.
    const continueParsing = [
      "/* Continue parsing a document which had been suspended. The 'p' and",
      "'fd' arguments are the same as passed to parse_xml(). Return",
      'non-zero when the parse is suspended.',
      '*/',
      'int',
      'continue_parsing(XML_Parser p, int fd)',
      '{',
      'enum XML_Status status = XML_ResumeParser(p);',
      '// Suspended again? Then say so.',
      'return status == XML_STATUS_SUSPENDED;',
      '}',
    ].join('\n');
    expect(isListing(continueParsing)).toBe(true);
    expect(isListing('# Build it first. Then install it.\nmake\nmake install')).toBe(true);
    expect(isListing('/* Only a comment. It says things.\n*/')).toBe(false);
    expect(isListing('/* starts a comment in C. It ends with\n*/ and may span lines.')).toBe(false);
    // A usage text's options, one a line, are described option by option.
    expect(isListing('-0, --option-0   does thing number 0\n-1, --option-1   does thing number 1')).toBe(false);
  });

  it('keeps its lines, without their common indent, in pieces of a bounded length', () => {
    expect(listingPieces('    gzip -c file1  > foo.gz\n      gzip -c file2 >> foo.gz  ')).toEqual(['gzip -c file1  > foo.gz\n  gzip -c file2 >> foo.gz']);
    const long = Array.from({ length: 40 }, (_, index) => `cp file${index}.txt /backup/file${index}.txt`).join('\n');
    const pieces = listingPieces(long);
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.every((piece) => piece.length <= LONGEST_LISTING_PIECE)).toBe(true);
    expect(pieces.join('\n')).toBe(long);
  });

  it('is quoted with its lines as code, after the lead-in that introduces it (Node.js’s BUILDING.md)', () => {
    const text = 'If you suspect the error happens outside of the JS VM, you\ncan try to build a debug enabled binary:\n\n./configure --debug\nmake -j4\n\nThe debug binary is in out/Debug/node.';
    const question = 'how do I build a debug enabled binary';
    const found = sentencesWith([text], /[a-z0-9_]+/g);
    const chosen = chooseSentences(found, question, ['build', 'debug', 'enabled', 'binary'].map((word) => term(word)), [0.5]);
    const html = extractiveAnswerHtml(chosen, [retrieved({ text, heading: 'Building a debug build', wholeSection: true, documentTitle: 'Building Node.js' })]);
    expect(html).toContain('can try to build a debug enabled binary:</p><pre><code>./configure --debug\nmake -j4</code></pre>');
  });

  it('is read as one with the line that announces it: the how a how-to asks for (Node.js’s BUILDING.md; fails before: the paragraph after)', () => {
    const text = [
      'If you suspect the error happens outside of the JS VM, you\ncan try to build a debug enabled binary:',
      './configure --debug\nmake -j4',
      '`make` with `./configure --debug` generates two binaries, the release one in `out/Release/node` and a debug binary\nin `out/Debug/node`, only the release one is installed when you run `make install`.',
    ].join('\n\n');
    const found = sentencesWith([text], /[a-z0-9_]+/g);
    const chosen = chooseSentences(found, 'How do I make a debug build of node?', ['make', 'debug', 'build', 'node'].map((word) => term(word)), [0.5]);
    expect(chosen.slice(0, 2).map((sentence) => sentence.text)).toEqual(['If you suspect the error happens outside of the JS VM, you can try to build a debug enabled binary:', './configure --debug\nmake -j4']);
  });

  it('brings the line that announces it, however long, when the listing is the best match (the Git User Manual)', () => {
    const text = 'For the command `git clone <repo>`, which has a page of its own in the manual, you can either use:\n\n$ man git-clone\n$ git help clone\n\nor read the manual.';
    const found = sentencesWith([text], /[a-z0-9_-]+/g);
    const chosen = chooseSentences(found, 'git-clone manual page', [term('git-clone', 6)], [0.5]);
    expect(chosen.map((sentence) => sentence.text)).toEqual(['For the command `git clone <repo>`, which has a page of its own in the manual, you can either use:', '$ man git-clone\n$ git help clone']);
  });
});

describe('code inside a sentence', () => {
  const htmlOf = (text: string) => {
    const found = sentencesWith([text], /[a-z0-9_]+/g);
    return extractiveAnswerHtml(found, [retrieved({ text, heading: null, wholeSection: true, documentTitle: 'Manual' })]);
  };

  it('is set as code where Markdown marks it with backquotes', () => {
    expect(htmlOf('`make` with `./configure --debug` generates two binaries.')).toContain('<p><code>make</code> with <code>./configure --debug</code> generates two binaries.</p>');
  });

  it('is not the old GNU quotes, a backquote closed by an apostrophe (the zsh FAQ, m4’s manual)', () => {
    const html = htmlOf("The basic idea is to use `exec <zsh-path>' to replace the shell, or `chsh' to change it.");
    expect(html).not.toContain('<code>');
    expect(htmlOf("End the input with divert(`1') Diversion one: divnum divert(`2') Diversion two.")).toContain("divert(`1&#39;) Diversion one: divnum divert(`2&#39;)");
    expect(html).toContain('use `exec &lt;zsh-path&gt;&#39; to replace the shell, or `chsh&#39; to change it.');
  });

  it('holds an apostrophe as code does (Node.js’s API docs; fails before: read as the old GNU quotes, no code at all)', () => {
    expect(htmlOf("The `path.normalize()` method resolves `'..'` and `'.'` segments.")).toContain(
      '<p>The <code>path.normalize()</code> method resolves <code>&#39;..&#39;</code> and <code>&#39;.&#39;</code> segments.</p>',
    );
  });
});
