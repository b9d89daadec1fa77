import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import { insertDocument } from '../../test/document-upload.ts';
import { openTestDatabase } from '../../test/test-database.ts';
import { replaceChunks } from './knowledge.repository.ts';
import { type Passage, searchKnowledge } from './knowledge-search.ts';
import { TEXT_CANDIDATES } from './knowledge-search.repository.ts';
import { questionTerms, SYNONYM_WEIGHT, unknownShareOf } from './question-terms.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());
beforeEach(async () => {
  await database.db.execute(sql`DELETE FROM documents`);
});

/** Chunks of a new document, without vectors (the full-text side alone), each `[text, heading?]`. */
async function putDocument(title: string, chunks: readonly (string | [string, string])[]): Promise<number> {
  const documentId = await insertDocument(database.db, title);
  await database.db.transaction((tx) =>
    replaceChunks(
      tx,
      { documentId },
      chunks.map((chunk, index) => ({ index, page: index + 1, pageEnd: index + 2, heading: typeof chunk === 'string' ? null : chunk[1], startsSection: true, text: typeof chunk === 'string' ? chunk : chunk[0] })),
      undefined,
    ),
  );
  return documentId;
}

const search = (query: string, k = 5) => searchKnowledge(database.db, { query, k });

describe('searchKnowledge', () => {
  it('ranks by BM25: the passage holding the rarer word of the question first, however often a common one repeats', async () => {
    await putDocument('Kettle manual', [
      'The kettle kettle kettle kettle is a kettle. The kettle boils water in the kettle.',
      'Descale the kettle with citric acid once a month.',
      'The kettle has a blue light.',
      'Keep the kettle dry.',
    ]);
    const [best] = await search('How often should I descale the kettle?');
    expect(best?.text).toBe('Descale the kettle with citric acid once a month.');
  });

  it('scores BM25 by the textbook formula: IDF, a term frequency where a heading occurrence counts twice, and the length against the average', async () => {
    await putDocument('Kettle manual', [['Descale the kettle. Descale it monthly.', 'Descale'], 'The lid is blue.', 'Keep the base dry.']);
    const [best] = await search('descale');
    // Lengths in distinct lexemes: descal, kettl, month (the heading's "descal" is the same lexeme); lid, blue; keep, base, dri.
    const lengths = [3, 2, 3];
    const average = lengths.reduce((sum, length) => sum + length, 0) / lengths.length;
    const idf = Math.log(1 + (3 - 1 + 0.5) / (1 + 0.5));
    const tf = 2 + 2; // twice in the text, once in the heading
    const bm25 = (idf * tf * (1.2 + 1)) / (tf + 1.2 * (1 - 0.75 + (0.75 * 3) / average));
    // The feature is BM25 over the question's summed IDF.
    expect(best?.features.bm25).toBeCloseTo(bm25 / idf, 6);
  });

  it('takes the question’s embedding as a promise, run beside the full-text side; its failure is the search’s, never an unhandled rejection', async () => {
    await putDocument('Kettle manual', ['Descale the kettle with citric acid once a month.', 'Keep the kettle dry.']);
    const [best] = await searchKnowledge(database.db, { query: 'descale', k: 1, queryEmbedding: Promise.resolve(undefined) });
    expect(best?.text).toBe('Descale the kettle with citric acid once a month.');
    // Rejected before the search awaits it: Node would end the process on an unhandled rejection, and vitest fails the run.
    const failing = Promise.reject(new Error('The embedding server did not answer.'));
    await expect(searchKnowledge(database.db, { query: 'descale', k: 1, queryEmbedding: failing })).rejects.toThrow('The embedding server did not answer.');
  });

  it('answers a relevance from 0 to 1, best first, the question’s words each holds as typed, its heading and pages', async () => {
    await putDocument('Kettle manual', [['Descale the kettle with citric acid once a month.', 'Care › Descaling'], 'The kettle is blue.']);
    const passages = await search('Descaling my Kettles');
    expect(passages.map((passage) => passage.text)).toEqual(['Descale the kettle with citric acid once a month.', 'The kettle is blue.']);
    const [first, second] = passages;
    expect(first?.relevance).toBeGreaterThan(second?.relevance ?? 1);
    for (const passage of passages) {
      expect(passage.relevance).toBeGreaterThan(0);
      expect(passage.relevance).toBeLessThan(1);
    }
    expect(first).toMatchObject({ heading: 'Care › Descaling', page: 1, pageEnd: 2, documentTitle: 'Kettle manual', matchedWords: ['Descaling', 'Kettles'] });
  });

  it('says whether a passage holds its whole section: not when a chunk next to it in its document sits under the same headings', async () => {
    await putDocument('Kettle manual', [
      ['Descale the kettle with citric acid once a month.', 'Care › Descaling'],
      ['Rinse the kettle twice after descaling.', 'Care › Rinsing'],
      ['Rinse the filter under the tap; the filter lifts out.', 'Care › Rinsing'],
      ['The kettle is blue.', 'Colours'],
    ]);
    const whole = new Map((await search('kettle rinse descale filter blue', 10)).map((passage) => [passage.text, passage.wholeSection]));
    expect(Object.fromEntries(whole)).toEqual({
      'Descale the kettle with citric acid once a month.': true,
      'Rinse the kettle twice after descaling.': false,
      'Rinse the filter under the tap; the filter lifts out.': false,
      'The kettle is blue.': true,
    });
  });

  it('ranks a passage of another product than the one the question names below those of its own document', async () => {
    // Three FAQs in one store: "Where do I send a bug report about sed?" was answered with lsof's entry on bug reports.
    await putDocument('lsof FAQ', [['How do I report an lsof bug? If you believe you found a bug, send a report by e-mail to the author.', 'How do I report an lsof bug?']]);
    await putDocument('The sed FAQ', ['Known bugs among sed versions are listed in each release, and reported on the mailing list.', 'Sed reads its input line by line.']);
    await putDocument('man-db manual', ['The manual pages are split into sections.']);
    const [best] = await search('Where do I send a bug report about sed?');
    expect(best?.documentTitle).toBe('The sed FAQ');
    // Without a product named, or about the product itself, the entry ranks first as before.
    expect((await search('Where do I send a bug report?'))[0]?.documentTitle).toBe('lsof FAQ');
    expect((await search('Where do I send a bug report about lsof?'))[0]?.documentTitle).toBe('lsof FAQ');
  });

  it('finds a passage by the words of its heading, and ranks it above one that only mentions them in passing', async () => {
    await putDocument('Manual', [['Use the -s flag on small machines.', 'Memory management'], 'Other memory notes are elsewhere; see the index.']);
    const [best] = await search('memory management');
    expect(best?.text).toBe('Use the -s flag on small machines.');
  });

  it('ranks first the passage defining an option the question names, above those that only use it or title a section with its word', async () => {
    await putDocument('rsync manual', [
      ['Delete rules protect files on the receiving side from --delete.', 'FILTER RULES › RULES AND DELETE'],
      ['Run rsync --delete with --dry-run first to see what it would delete.', 'EXAMPLES'],
      ['--delete\nThis tells rsync to delete extraneous files from the receiving side.', 'OPTIONS'],
      ['--delete-before\nRequest that the file deletions on the receiving side be done before the transfer starts.', 'OPTIONS'],
    ]);
    const rulesOf = (passages: readonly Passage[]) => passages.find((passage) => passage.heading === 'FILTER RULES › RULES AND DELETE');
    const option = await search('What does rsync --delete do?');
    expect(option[0]?.text).toBe('--delete\nThis tells rsync to delete extraneous files from the receiving side.');
    expect(option[0]?.features.heading).toBeGreaterThan(0);
    expect(rulesOf(option)?.features.heading).toBe(0);
    // Asked without the dashes, it is the word: the section titled with it counts it in its heading.
    expect(rulesOf(await search('What does rsync delete?'))?.features.heading).toBeGreaterThan(0);
  });

  it('finds the definition of a one-letter option English drops as a stop word ("-a") by the long form set beside it, in the manual the question names', async () => {
    await putDocument('rsync manual', [
      ['Note that --archive implies --links.\nSee -a in the examples.', 'SYMBOLIC LINKS'],
      ['Copy a tree with rsync -a src/ dest/ to keep its times and permissions.', 'EXAMPLES'],
      ['--archive, -a\nThis is equivalent to -rlptgoD, a quick way of saying you want recursion.', 'OPTIONS'],
      ['--update, -u\nThis forces rsync to skip any files which exist on the destination and are newer.', 'OPTIONS'],
    ]);
    await putDocument('ls manual', [['-a, --all\ndo not ignore entries starting with .', 'DESCRIPTION']]);
    const [best] = await search('What does rsync -a do?');
    expect(best?.text).toBe('--archive, -a\nThis is equivalent to -rlptgoD, a quick way of saying you want recursion.');
    expect(best?.features.heading).toBeGreaterThan(0);
    // "--archive implies --links." ends a sentence: it mentions the option, it does not define it.
    expect((await search('What does --archive do?'))[0]?.heading).toBe('OPTIONS');
    expect((await search('What does ls -a do?'))[0]?.text).toBe('-a, --all\ndo not ignore entries starting with .');
  });

  it('ranks first the definition of the option the question types, above one holding more of its other words ("Does rsync -a copy hard links?")', async () => {
    const archive = '--archive, -a\nThis is equivalent to -rlptgoD. It does not include preserving ACLs (-A), nor the finding and preserving of hardlinks (-H).';
    await putDocument('rsync manual', [
      ['--hard-links, -H\nThis tells rsync to look for hard-linked files in the source and link together the corresponding files on the destination. Without this option, hard links are copied as separate files.', 'OPTIONS'],
      [archive, 'OPTIONS'],
      ['--delete\nThis tells rsync to delete extraneous files from the receiving side. First try a run using --dry-run to see what files would be deleted.', 'OPTIONS'],
      ['--dry-run, -n\nThis makes rsync perform a trial run that doesn’t make any changes, and shows what it would remove or copy.', 'OPTIONS'],
    ]);
    const [best, next] = await search('Does rsync -a copy hard links?');
    expect(best?.text).toBe(archive);
    expect([best?.features.typedOption, next?.features.typedOption]).toEqual([1, 0]);
    expect((await search('I am nervous about --delete wiping the wrong files. Can I see what it would remove before it removes anything?'))[0]?.text).toContain('--delete\n');
  });

  it('ranks first the definition of a setting’s name the question types, which the search reads as its words ("XZ_DEFAULTS": "xz", "default")', async () => {
    const environment = 'xz parses options from the environment variables XZ_DEFAULTS and XZ_OPT.\n\nXZ_DEFAULTS\nUser-specific or system-wide default options, set in a shell initialization script.';
    await putDocument('xz manual page', [[environment, 'ENVIRONMENT']]);
    await putDocument('XZ Utils FAQ', [['Q: The default build of liblzma is too big. How can I make it smaller?\nA: Give --enable-small to the configure script of xz.', 'XZ Utils FAQ › The default build of liblzma is too big. How can I make it smaller?']]);
    const [best] = await search('What is XZ_DEFAULTS?');
    expect(best?.text).toBe(environment);
    expect(best?.features.typedOption).toBe(1);
  });

  it('ranks a one-letter option’s definition in the manual the question names above usage lines naming it, and reads it with its long forms', async () => {
    await putDocument('tar manual page', [
      ['tar -c [-f ARCHIVE] [OPTIONS] [FILE...]\ntar -t [-f ARCHIVE] [OPTIONS] [MEMBER...]\ntar -x [-f ARCHIVE] [OPTIONS] [MEMBER...]', 'SYNOPSIS'],
      ['-t, --list\nList the contents of an archive.\n\n-x, --extract, --get\nExtract files from an archive.', 'DESCRIPTION › Operation mode'],
      ['-L, --tape-length=N\nChange tape after writing Nx1024 bytes.', 'OPTIONS › Device selection'],
    ]);
    await putDocument('ssh manual page', [
      [
        'ssh [-46AaCfGgKkMNnqsTtVvXxYy] [-B bind_interface] [-b bind_address]\n[-c cipher_spec] [-D [bind_address:]port] [-E log_file]\n[-e escape_char] [-F configfile] [-I pkcs11] [-i identity_file]\n[-J destination] [-L address] [-l login_name] [-m mac_spec] destination',
        'SYNOPSIS',
      ],
      ['The options are as follows:\n\n-L [bind_address:]port:host:hostport\nSpecifies that connections to the given TCP port on the local host are to be forwarded.', 'DESCRIPTION'],
      ['-i identity_file\nSelects a file from which the identity (private key) for public key authentication is read.', 'DESCRIPTION'],
    ]);
    expect((await search('What does tar -x do?'))[0]?.heading).toBe('DESCRIPTION › Operation mode');
    const ssh = await search('What does ssh -L do?');
    // ssh's definition reads as "ssh -L" (the option, under the manual's title); tar's -L is not the one asked about.
    const headings = ssh.map((passage) => passage.heading);
    expect(headings.indexOf('DESCRIPTION')).toBeLessThan(headings.indexOf('OPTIONS › Device selection'));
    expect(ssh.find((passage) => passage.heading === 'DESCRIPTION')?.features.heading).toBe(1);
    expect(ssh.find((passage) => passage.heading === 'OPTIONS › Device selection')?.features.heading).toBe(0);
    // "-i" gives no word at all ("i" is a stop word; ssh sets no long options): a stand-in for it counts as a word
    // of the question, held by its definition alone, as its heading's; and the definition of an option the
    // question types comes first, in a store without vectors too.
    const identity = await search('What does ssh -i do?');
    const features = (start: string) => identity.find((passage) => passage.text.startsWith(start))?.features;
    expect(identity[0]?.text).toMatch(/^-i identity_file/);
    expect(features('-i identity_file')).toMatchObject({ coverage: 1, heading: 1, typedOption: 1 });
    expect(features('ssh [-46')?.coverage).toBeCloseTo(0.5, 6);
  });

  it('finds a passage by a synonym of a question’s word (WordNet), weighing it less than the word itself', async () => {
    await putDocument('Shop', ['You can buy spare filters in our online shop.', 'Filters are washable.']);
    const [best] = await search('Where can I purchase filters?');
    expect(best?.text).toBe('You can buy spare filters in our online shop.');
    expect(best?.matchedWords).toEqual(expect.arrayContaining(['buy', 'filters']));
    const terms = await questionTerms(database.db, 'Where can I purchase filters?');
    expect(terms.find((term) => term.term === 'buy')).toMatchObject({ weight: SYNONYM_WEIGHT, source: 'purchas' });
  });

  it('reads two words the documents write as one ("Red Hat": "RedHat") as that word, standing for both', async () => {
    await putDocument('Setup', ['Some RedHat versions keep the config file in /etc/vsftpd/vsftpd.conf.', 'The config file lists one setting a line.']);
    const question = 'Where is the config file on Red Hat?';
    const [best] = await search(question);
    expect(best?.text).toBe('Some RedHat versions keep the config file in /etc/vsftpd/vsftpd.conf.');
    const terms = await questionTerms(database.db, question);
    expect(terms.find((term) => term.term === 'redhat')).toMatchObject({ weight: 1, source: 'red', covers: ['hat'], unknown: false });
    expect(unknownShareOf(terms)).toBe(0);
  });

  it('reads a hyphenated word as its parts, and as a whole only where the documents write it so', async () => {
    await putDocument('Arrays', ['A RAID10 of four drives survives one failing drive.', 'Set dhcp-authoritative to answer unknown clients.']);
    const terms = await questionTerms(database.db, 'Does a four-drive RAID10 survive? What does dhcp-authoritative do?');
    expect(terms.map((term) => term.term)).toEqual(expect.arrayContaining(['four', 'drive', 'dhcp', 'authorit']));
    expect(terms.map((term) => term.term)).not.toContain('four-driv');
    expect(terms.find((term) => term.term === 'dhcp-authorit')).toMatchObject({ source: 'dhcp', covers: ['authorit'], unknown: false });
    expect(unknownShareOf(terms)).toBe(0);
  });

  it('reads two words joined by a slash ("Home/End") as both words and the whole, in the documents and in the question; a path stays one word', async () => {
    await putDocument('ncurses FAQ', [
      'My Home and End keys do nothing in xterm: set the terminal type.',
      'Mount it with read/write access under /usr/share/doc for the manuals.',
      'The End of the file is reached when the Home page loads.',
    ]);
    const [row] = await sqlRows<{ lexemes: string[] }>(database.db, sql`SELECT tsvector_to_array(search_vector) AS lexemes FROM knowledge_chunks WHERE content LIKE 'Mount%'`);
    const lexemes = row?.lexemes ?? [];
    expect(lexemes).toEqual(expect.arrayContaining(['read/write', 'read', 'write', '/usr/share/doc']));
    expect(lexemes).not.toContain('share');
    expect((await search('Can it be mounted for read and write access?'))[0]?.text).toContain('read/write access');
    const typed = 'My Home/End keys do nothing. Why?';
    const terms = await questionTerms(database.db, typed);
    expect(terms.map((term) => term.term)).toEqual(expect.arrayContaining(['home', 'end', 'key']));
    expect((await search(typed))[0]?.text).toContain('Home and End keys');
  });

  it('reads "C++" and "C#" as names of their own, not as "c" (fails before: a question about C++ got the passage about C)', async () => {
    await putDocument('Compilers', [
      'C sources are compiled by cc unless CC names another compiler.',
      'C++ sources are compiled by g++ unless CXX names another compiler; its flags come from CXXFLAGS and its include paths from the project settings.',
      'Projects in C# build with the .NET tools.',
      'A loop may count with i++ as in C.',
    ]);
    const [row] = await sqlRows<{ lexemes: string[] }>(database.db, sql`SELECT tsvector_to_array(search_vector) AS lexemes FROM knowledge_chunks WHERE content LIKE 'C++%'`);
    expect(row?.lexemes).toEqual(expect.arrayContaining(['c', 'cplusplus', 'gplusplus']));
    const question = 'How are my C++ sources compiled?';
    const terms = await questionTerms(database.db, question);
    expect(terms.find((term) => term.term === 'cplusplus')).toMatchObject({ unknown: false, word: 'C++' });
    expect((await search(question))[0]?.text).toMatch(/^C\+\+ sources/);
    expect((await search('Can I build a C# project?'))[0]?.text).toBe('Projects in C# build with the .NET tools.');
    // A loop's "i++" is no name; a C question still finds C.
    const [loop] = await sqlRows<{ lexemes: string[] }>(database.db, sql`SELECT tsvector_to_array(search_vector) AS lexemes FROM knowledge_chunks WHERE content LIKE 'A loop%'`);
    expect(loop?.lexemes).not.toContain('iplusplus');
    expect((await search('How are C sources compiled?'))[0]?.text).toMatch(/^C sources/);
  });

  it('finds a passage by a path the question names, slash and all', async () => {
    await putDocument('Arrays', ['mdadm may warn that /dev/sdXY and /dev/sdX have similar superblocks.', 'Arrays have superblocks.']);
    const question = 'Why does mdadm warn about /dev/sdXY?';
    const terms = await questionTerms(database.db, question);
    expect(terms.find((term) => term.term === '/dev/sdxy')).toMatchObject({ unknown: false });
    expect((await search(question))[0]?.text).toBe('mdadm may warn that /dev/sdXY and /dev/sdX have similar superblocks.');
  });

  it('reads a path from the home or the current folder ("~/.fonts.conf", "./configure") as the documents’ text holds it', async () => {
    await putDocument('Fonts', ['Please note that ~/.fonts.conf is deprecated now.', 'Run ./configure before make.', 'Fonts are configured in XML.']);
    for (const [question, term, answer] of [
      ['Is ~/.fonts.conf deprecated?', '/.fonts.conf', 'Please note that ~/.fonts.conf is deprecated now.'],
      ['When do I run ./configure?', '/configure', 'Run ./configure before make.'],
    ] as const) {
      const terms = await questionTerms(database.db, question);
      expect(terms.find((found) => found.term === term)).toMatchObject({ unknown: false });
      expect(unknownShareOf(terms)).toBe(0);
      expect((await search(question))[0]?.text).toBe(answer);
    }
  });

  it('finds a word the documents write only inside paths ("manfoo" in "/usr/share/man/manfoo") by those paths, and takes it as known', async () => {
    await putDocument('man-db manual', [
      'Package specific sections are discouraged. An example is package foo with its own section /usr/share/man/manfoo for its pages.',
      'Pages of section foo would be installed as /usr/share/man/manfoo/exit.foo by the package.',
      'Manual pages are grouped in sections such as 1 for commands.',
    ]);
    const question = 'Should our package get its own section, like manfoo?';
    const terms = await questionTerms(database.db, question);
    expect(terms.find((term) => term.term === 'manfoo')).toMatchObject({ unknown: true });
    expect(terms.filter((term) => term.source === 'manfoo').map((term) => [term.term, term.weight, term.chunks])).toEqual([
      ['/usr/share/man/manfoo', 1, 1],
      ['/usr/share/man/manfoo/exit.foo', 1, 1],
    ]);
    // Else the answer rule would decline the question as one naming a word the documents lack.
    expect(unknownShareOf(terms)).toBe(0);
    expect((await search(question))[0]?.text).toContain('discouraged');
    // A path's part only: "man" in "/usr/share/man/manfoo" is no "manf…" word.
    const partial = await questionTerms(database.db, 'Is there a section like manf?');
    expect(partial.filter((term) => term.source === 'manf')).toEqual([]);
  });

  it('finds words and folders of a path the question names apart ("sz or kermit" in "Kermit/sz/rz", "/tmp/screens" of "/tmp/screens/S-myname")', async () => {
    await putDocument('screen FAQ', [
      'Why is it impossible to download a file with Kermit/sz/rz when screen is running? Detach first.',
      'For some unknown reason, the fifo in /tmp/screens/S-myname is gone. Screen recreates it on SIGCHLD.',
      'Screen windows can be split.',
    ]);
    const files = await questionTerms(database.db, 'Can I download a file with sz or kermit while screen is running?');
    // One path stands for both words.
    expect(files.find((term) => term.term === 'kermit/sz/rz')).toMatchObject({ source: 'sz', covers: ['kermit'], weight: 1 });
    expect(unknownShareOf(files)).toBe(0);
    const folder = await questionTerms(database.db, 'The fifo under /tmp/screens is gone. Can screen recreate it?');
    expect(folder.find((term) => term.term === '/tmp/screens/s-myname')).toMatchObject({ source: '/tmp/screens' });
    expect(unknownShareOf(folder)).toBe(0);
    expect((await search('Is there anything under /tmp/screens?'))[0]?.text).toContain('/tmp/screens/S-myname');
  });

  it('finds an everyday word the documents write only as half of a compound ("pad" in "keypad"), as a synonym of it', async () => {
    await putDocument('nano FAQ', ['My numeric keypad does not work when NumLock is off: use --rawsequences.', 'Paste with Shift+Insert.', 'The xpad driver is loaded.']);
    const terms = await questionTerms(database.db, 'The number pad misbehaves with NumLock off.');
    expect(terms.find((term) => term.term === 'keypad')).toMatchObject({ source: 'pad', weight: SYNONYM_WEIGHT });
    // A word whose other half is no English word ("xpad") stands for nothing.
    expect(terms.filter((term) => term.source === 'pad').map((term) => term.term)).toEqual(['keypad']);
    expect((await search('The number pad misbehaves'))[0]?.text).toContain('keypad');
  });

  it('counts a numbered name the store lacks as an everyday word when the documents number its series ("F12" beside F11 and F13)', async () => {
    await putDocument('mc FAQ', ['Function keys F11 to F20 are F1 to F10 with Shift held: F13 is Shift-F3.', 'A RAID5 array is no place for it.']);
    const keys = await questionTerms(database.db, 'My keyboard only goes up to F12. How do I send F13 to mc?');
    expect(keys.find((term) => term.term === 'f12')).toMatchObject({ unknown: true, name: false });
    expect(unknownShareOf(keys)).toBeLessThan(unknownShareOf(keys.map((term) => (term.term === 'f12' ? { ...term, name: true } : term))));
    // A name of no series the documents number stays a name, a foreign subject: one other number (RAID5) is none.
    const foreign = await questionTerms(database.db, 'Does it read MP4 or RAID7 labels?');
    expect(foreign.filter((term) => term.unknown && term.name).map((term) => term.term).sort()).toEqual(['mp4', 'raid7']);
  });

  it('searches no contraction ("We\'d", "isn\'t"): its stems would be searched as rare words', async () => {
    await putDocument('Licence', ["We've kept the licence short: you'd read it in a minute.", 'The licence allows commercial use.']);
    const terms = await questionTerms(database.db, "We'd like to sell it, isn't the licence against commercial use? I'm not sure they'll allow it.");
    expect(terms.map((term) => term.term)).toEqual(expect.arrayContaining(['licenc', 'commerci']));
    for (const junk of ['d', 'isn', 'm', 'll', 've']) expect(terms.map((term) => term.term)).not.toContain(junk);
    expect((await search("We'd like to know: isn't commercial use allowed?"))[0]?.text).toBe('The licence allows commercial use.');
  });

  it('shows the same passage uploaded twice once', async () => {
    await putDocument('Manual', ['Descale the kettle with citric acid.']);
    await putDocument('Manual (copy)', ['Descale the  kettle with citric acid.']);
    expect(await search('descale kettle')).toHaveLength(1);
  });

  it('finds the one passage holding a rare word of the question among more chunks of its common word than it scores', async () => {
    const filler = Array.from({ length: TEXT_CANDIDATES + 100 }, (_, i) => `Page ${i} of the kettle manual: the kettle is blue.`);
    await putDocument('Kettle manual', [...filler, 'Descale the kettle with citric acid once a month.']);
    const [best] = await search('How do I descale my kettle?', 3);
    expect(best?.text).toBe('Descale the kettle with citric acid once a month.');
  });

  it('takes the chunks holding both of the two rarest words when even the rarest is common', async () => {
    const common = TEXT_CANDIDATES + 50;
    await putDocument('Manuals', [
      ...Array.from({ length: common }, (_, i) => `Kettle page ${i}: the kettle is blue.`),
      ...Array.from({ length: common }, (_, i) => `Descaling page ${i}: descale with vinegar.`),
      'Descale the kettle with citric acid.',
    ]);
    const [best] = await search('descale kettle', 1);
    expect(best?.text).toBe('Descale the kettle with citric acid.');
  });

  it('finds nothing when no chunk holds any word of the question, or the question has no words', async () => {
    await putDocument('Teapot', ['Warm the teapot first.']);
    expect(await search('zeppelin mooring')).toEqual([]);
    expect(await search('?!')).toEqual([]);
  });
});
