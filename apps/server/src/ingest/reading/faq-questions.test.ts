import { describe, expect, it } from 'vitest';
import type { SourceLine } from './clean-pages.ts';
import { documentSections } from './document-sections.ts';

/** A text file's lines as clean-pages.ts reads them: a blank line starts a paragraph. */
function textLines(text: string): SourceLine[] {
  const lines: SourceLine[] = [];
  let blank = true;
  for (const row of text.split('\n')) {
    if (row.trim() === '') {
      blank = true;
      continue;
    }
    lines.push({ text: row.trimEnd(), page: 1, size: null, paragraphStart: blank });
    blank = false;
  }
  return lines;
}

describe('FAQ entries as sections', () => {
  it('reads "Q:"/"A:" pairs as entries: the question in the heading path and still in the section’s text', () => {
    const sections = documentSections(
      textLines(
        [
          'Printer FAQ',
          '===========',
          '',
          'Q: How do I clear a paper jam?',
          'A: Open the rear door and pull the sheet out slowly.',
          '',
          'Q: Why is the print faint? It used to be dark',
          'and crisp.',
          'A: The toner is low. Replace the cartridge.',
        ].join('\n'),
      ),
    );
    expect(sections).toEqual([
      { headings: ['Printer FAQ', 'How do I clear a paper jam?'], paragraphs: [{ text: 'Q: How do I clear a paper jam?\nA: Open the rear door and pull the sheet out slowly.', page: 1 }] },
      {
        headings: ['Printer FAQ', 'Why is the print faint? It used to be dark and crisp.'],
        paragraphs: [{ text: 'Q: Why is the print faint? It used to be dark\nand crisp.\nA: The toner is low. Replace the cartridge.', page: 1 }],
      },
    ]);
  });

  it('takes a marked question wrapped over lines up to its "?", and one without "?" up to the answer’s marker', () => {
    const sections = documentSections(
      textLines(['Q) Help! What does the "strict_mode"', 'option change?', 'A) It refuses unsigned uploads.', '', 'Q) Help! The log says "bad owner".', 'A1) The folder is owned by root.'].join('\n')),
    );
    expect(sections.map((section) => section.headings)).toEqual([['Help! What does the "strict_mode" option change?'], ['Help! The log says "bad owner".']]);
    expect(sections[1]?.paragraphs[0]?.text).toBe('Q) Help! The log says "bad owner".\nA1) The folder is owned by root.');
  });

  it('reads numbered questions on their own lines as entries when a text has several', () => {
    const sections = documentSections(
      textLines(
        [
          '1. How do I reset the router?',
          '   Hold the reset button for ten seconds.',
          '',
          '2. Which port does the admin page use?',
          '',
          '   Port 8443, over HTTPS only.',
          '',
          '3. Can I turn off the status light?',
          '   Yes: Settings, then Lights, then Off.',
        ].join('\n'),
      ),
    );
    expect(sections.map((section) => [section.headings, section.paragraphs.map((paragraph) => paragraph.text.trim())])).toEqual([
      [['1. How do I reset the router?'], ['1. How do I reset the router?\n   Hold the reset button for ten seconds.']],
      [['2. Which port does the admin page use?'], ['2. Which port does the admin page use?', 'Port 8443, over HTTPS only.']],
      [['3. Can I turn off the status light?'], ['3. Can I turn off the status light?\n   Yes: Settings, then Lights, then Off.']],
    ]);
  });

  it('reads numbered questions without blank lines between entries, and leaves a checklist of questions alone', () => {
    const faq = documentSections(textLines(['1.1 What is a token?', 'A token is a key for the API.', '1.2 Where do I find mine?', 'Under Settings, Tokens.', '1.3 Does it expire?', 'After 90 days.'].join('\n')));
    expect(faq.map((section) => section.headings)).toEqual([['1.1 What is a token?'], ['1.2 Where do I find mine?'], ['1.3 Does it expire?']]);
    const checklist = documentSections(textLines(['Before you call us:', '1. Is the cable plugged in?', '2. Is the light green?', '3. Did you restart it?', '4. Is the fuse whole?'].join('\n')));
    expect(checklist.flatMap((section) => section.headings)).toEqual([]);
  });

  it('keeps an unnumbered question inside an entry of a FAQ that numbers its questions: the asker’s own, not an entry', () => {
    const faq = [
      '1. How do I reset the router?',
      '   Hold the reset button for ten seconds.',
      '',
      '2. Why does the router not boot?',
      '   It stops at a blinking light and the log says "no image".',
      '',
      '   Why does the firmware break it?',
      '',
      '   It does not: the image is flashed after the boot loader looks for it.',
      '',
      '3. Can I turn off the status light?',
      '   Yes: Settings, then Lights, then Off.',
      '',
      '4. Where is the serial number?',
      '   On the label under the stand.',
    ];
    const sections = documentSections(textLines(faq.join('\n')));
    expect(sections.map((section) => section.headings)).toEqual([['1. How do I reset the router?'], ['2. Why does the router not boot?'], ['3. Can I turn off the status light?'], ['4. Where is the serial number?']]);
    expect(sections[1]?.paragraphs.map((paragraph) => paragraph.text.trim())).toEqual([
      '2. Why does the router not boot?\n   It stops at a blinking light and the log says "no image".',
      'Why does the firmware break it?',
      'It does not: the image is flashed after the boot loader looks for it.',
    ]);
    // Without numbers, the same questions are entries of their own.
    const unnumbered = documentSections(textLines(faq.map((line) => line.replace(/^\d\. /, '')).join('\n')));
    expect(unnumbered.map((section) => section.headings)).toEqual([['How do I reset the router?'], ['Why does the router not boot?'], ['Why does the firmware break it?'], ['Can I turn off the status light?'], ['Where is the serial number?']]);
  });

  it('reads entries numbered with a colon ("3.13: How do I get a newline in my prompt?", the Z shell’s FAQ) as sections', () => {
    const titles = ['1.1', 'Sources of information', '1.2', 'What is it?', '2.1', 'Differences from sh and ksh', '2.2', 'Why do my csh aliases not work?', '2.3', 'How do I get a newline in my prompt?'];
    const entries = [0, 2, 4, 6, 8].map((at) => `${titles[at] ?? ''}: ${titles[at + 1] ?? ''}`);
    const faq = documentSections(
      textLines(
        [
          'Shell FAQ',
          '',
          'Contents:',
          ...[0, 2, 4, 6, 8].map((at) => `${titles[at] ?? ''}. ${titles[at + 1] ?? ''}`),
          '',
          ...entries.flatMap((entry, index) => [entry, '', '', `  Answer number ${index + 1} says what to do.`, '']),
        ].join('\n'),
      ),
    );
    expect(faq.map((section) => section.headings.at(-1))).toEqual([undefined, ...entries]);
    // A line numbered "1:" at one level is a list's or a log's, not a title.
    const log = documentSections(textLines(['1.1 Install', '', 'Run the installer.', '', '1.2 Logs', '', 'The log reads:', '', '1: Started', '', '2: Stopped'].join('\n')));
    expect(log.map((section) => section.headings)).toEqual([['1.1 Install'], ['1.2 Logs']]);
  });

  it('reads a question that ends "?!" as one ("1.3. OK, now I know what Debian is... what is Linux?!", the Debian FAQ)', () => {
    const faq = documentSections(
      textLines(['1.1. What is Debian?', '', '    A free operating system.', '', '1.2. OK, now I know what Debian is... what is Linux?!', '', '    The kernel of the system.', '', '1.3. Who makes it?', '', '    Volunteers.'].join('\n')),
    );
    expect(faq.map((section) => section.headings)).toEqual([['1.1. What is Debian?'], ['1.2. OK, now I know what Debian is... what is Linux?!'], ['1.3. Who makes it?']]);
  });

  it('reads a DocBook FAQ’s chapters ("Chapter 2. Upgrades") as parts, and an entry that asks and ends with "!" as an entry (the Debian FAQ)', () => {
    const faq = documentSections(
      textLines(
        [
          'Chapter 1. Basics',
          '',
          '1.1. What is the kettle?',
          '',
          '    A device that boils water.',
          '',
          '1.2. Do I have to keep the receipt?',
          '',
          '    No.',
          '',
          "1.3. How can I keep a log of the descaling? I'd",
          'like to know when it was done and with which',
          'acid!',
          '',
          '    Write it on the label.',
          '',
          'Chapter 2. Upgrades',
          '',
          '2.1. Can I update the firmware?',
          '',
          '    Yes, over the app.',
        ].join('\n'),
      ),
    );
    expect(faq.map((section) => section.headings)).toEqual([
      ['Chapter 1. Basics', '1.1. What is the kettle?'],
      ['Chapter 1. Basics', '1.2. Do I have to keep the receipt?'],
      ['Chapter 1. Basics', "1.3. How can I keep a log of the descaling? I'd like to know when it was done and with which acid!"],
      ['Chapter 2. Upgrades', '2.1. Can I update the firmware?'],
    ]);
  });

  it('leaves a manual’s occasional question in its prose, and "Q." lines in a text without answers’ markers', () => {
    const prose = documentSections(textLines(['Why compress at all?', 'Smaller files travel faster and cost less to store.', '', 'Q. Smith wrote the first version.'].join('\n')));
    expect(prose).toEqual([
      {
        headings: [],
        paragraphs: [
          { text: 'Why compress at all?\nSmaller files travel faster and cost less to store.', page: 1 },
          { text: 'Q. Smith wrote the first version.', page: 1 },
        ],
      },
    ]);
  });

  it('takes a statement that ends by quoting a question for prose, and a question that quotes one for a question', () => {
    const sections = documentSections(
      textLines(
        [
          '3.1 Why does Configure ask for a path to the kernel header files?',
          'Because the headers are not installed by default.',
          '',
          'If in doubt, revisit the download instructions in the answer to the question "Why does Configure ask for a path?"',
          '',
          'Then run Configure again.',
          '',
          '3.2 So why does lsof report "WARNING: unsupported dialect or version?"',
          'Your system is newer than this lsof.',
          '',
          '3.3 Is there a test suite?',
          'Yes, in the tests directory.',
        ].join('\n'),
      ),
    );
    expect(sections.map((section) => section.headings)).toEqual([
      ['3.1 Why does Configure ask for a path to the kernel header files?'],
      ['3.2 So why does lsof report "WARNING: unsupported dialect or version?"'],
      ['3.3 Is there a test suite?'],
    ]);
    expect(sections[0]?.paragraphs.map((paragraph) => paragraph.text)).toContain('If in doubt, revisit the download instructions in the answer to the question "Why does Configure ask for a path?"');
  });

  it('takes a question whose underline is shorter than it as the next entry, not one inside the entry before', () => {
    const sections = documentSections(
      textLines(['0. What is an array?', '~~~~~~~~~~~~~~~~~~~', '  Disks used as one.', '', '1. How do I add a disk?', '~~~~~~~~~~~~~~~~~~~~~~~', '  Use the add command.', '', '2. And how do I find out which disks can fail without', '   losing the array?', '~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~', '  Read the status file.'].join('\n')),
    );
    expect(sections.map((section) => section.headings)).toEqual([['0. What is an array?'], ['1. How do I add a disk?'], ['2. And how do I find out which disks can fail without losing the array?']]);
    expect(sections[2]?.paragraphs.map((paragraph) => paragraph.text)).toEqual(['2. And how do I find out which disks can fail without\n   losing the array?\n  Read the status file.']);
  });

  it('reads a FAQ’s list of its questions above the entries as text, not as entries, however the list words one', () => {
    const sections = documentSections(
      textLines(
        [
          'CONTENTS',
          '',
          '1. PRINTING',
          '1.1.  How do I print on both sides?',
          '1.2.  Why is the first page blank? And why only',
          '      on Mondays?',
          '1.3.  The tray light blinks.',
          '1.4.  How do I clean the drum?',
          '',
          '   PAPER',
          '1.10. How do I load envelopes?',
          '',
          '1. PRINTING',
          '',
          '1.1. How do I print on both sides?',
          '',
          '   Tick "Duplex" in the print dialog.',
          '',
          '1.2. Why is the first page blank? And why only on Mondays?',
          '',
          '   The weekly cleaning cycle feeds one sheet.',
          '',
          '1.4. How do I clean the drum of the printer?',
          '',
          '   Wipe it with the cloth in the box.',
          '',
          '1.10. How do I load envelopes?',
          '',
          '   Flap up, in the manual slot.',
        ].join('\n'),
      ),
    );
    const questions = sections.map((section) => section.headings.at(-1)).filter((heading) => heading?.endsWith('?'));
    expect(questions).toEqual(['1.1. How do I print on both sides?', '1.2. Why is the first page blank? And why only on Mondays?', '1.4. How do I clean the drum of the printer?', '1.10. How do I load envelopes?']);
    expect(sections.find((section) => section.headings.at(-1) === '1.4. How do I clean the drum of the printer?')?.paragraphs.map((paragraph) => paragraph.text)).toEqual([
      '1.4. How do I clean the drum of the printer?',
      '   Wipe it with the cloth in the box.',
    ]);
  });

  it('reads entries that state a problem, wrapped or above the error they quote, in a FAQ of numbered entries, under their parts set between rules', () => {
    const rule = '-'.repeat(60);
    const sections = documentSections(
      textLines(
        [
          'Printer FAQ',
          '',
          rule,
          '1. Printing',
          rule,
          '',
          '1.1. How do I print on both sides?',
          'Tick "Duplex" in the print dialog.',
          rule,
          '',
          '1.2. The printer prints a blank page after every job and then',
          'stops with a paper jam.',
          '',
          'The cleaning cycle feeds a sheet. Turn it off in the settings.',
          rule,
          '',
          '1.3. The driver fails to install with this:',
          '    error 0x80070005: access denied',
          '',
          'Run the installer as an administrator.',
          rule,
          '',
          '1.4. Why is the print faint?',
          'The toner is low.',
          rule,
          '',
          '1.5. How do I clean the drum?',
          'Wipe it with the cloth in the box.',
        ].join('\n'),
      ),
    );
    expect(sections.map((section) => section.headings)).toEqual([
      [],
      ['1. Printing', '1.1. How do I print on both sides?'],
      ['1. Printing', '1.2. The printer prints a blank page after every job and then stops with a paper jam.'],
      ['1. Printing', '1.3. The driver fails to install with this:'],
      ['1. Printing', '1.4. Why is the print faint?'],
      ['1. Printing', '1.5. How do I clean the drum?'],
    ]);
    // The rules are no text; a statement's lines stay in its entry's text, as a question's do.
    expect(sections[2]?.paragraphs.map((paragraph) => paragraph.text)).toEqual([
      '1.2. The printer prints a blank page after every job and then\nstops with a paper jam.',
      'The cleaning cycle feeds a sheet. Turn it off in the settings.',
    ]);
    // In a text that is no FAQ, a numbered paragraph is prose.
    const clauses = documentSections(
      textLines(['1.1. The supplier delivers within ten days of', 'the order.', '', '1.2. The buyer pays within thirty days of', 'the delivery.', '', '1.3. Either may end the contract:', '    in writing.'].join('\n')),
    );
    expect(clauses.map((section) => section.headings)).toEqual([[]]);
  });

  it('reads entries parted by rules, each opening with a short paragraph that states the problem, as entries (ncurses’ FAQ)', () => {
    const rule = '*'.repeat(8);
    const text = (opening: string) =>
      [
        'This file lists problems people report with the printer.',
        '',
        rule,
        '',
        'Home/End keys do nothing in the printer’s menu.',
        '',
        'The situation is complicated. For a background summary, see:',
        '',
        '\thttp://example.com/keys',
        '',
        'Essentially, the menu reads the keypad in application mode only.',
        '',
        rule,
        '',
        'If you hit the "Print Screen" key while the printer is busy, the job',
        'will likely be lost.',
        '',
        'The driver maps that key to a reset. There is no bug here.',
        '',
        rule,
        '',
        opening,
        '',
        'Set the paper type in the driver to match the tray.',
      ].join('\n');
    const sections = documentSections(textLines(text('The driver prints on the wrong paper')));
    expect(sections.map((section) => section.headings)).toEqual([
      [],
      ['Home/End keys do nothing in the printer’s menu.'],
      ['If you hit the "Print Screen" key while the printer is busy, the job will likely be lost.'],
      ['The driver prints on the wrong paper'],
    ]);
    // The answer goes on past a link set apart, to the next rule.
    expect(sections[1]?.paragraphs.map((paragraph) => paragraph.text).at(-1)).toBe('Essentially, the menu reads the keypad in application mode only.');
    // A part that opens with a long paragraph says the rules part the text otherwise: no entries.
    const long = text('The driver prints on the wrong paper when the tray is set to another type than the one loaded, and the settings\nsaved in the printer say otherwise than the driver, which happens after an update of the firmware.\nIt goes on.');
    expect(documentSections(textLines(long)).map((section) => section.headings)).toEqual([[]]);
  });

  it('nests a question under the section it is in, and the next real heading ends it', () => {
    const sections = documentSections(
      textLines(['Installing', '----------', '', 'Q: Do I need root?', 'A: Only for the system-wide install.', '', 'Using', '-----', '', 'Start it with the run command.'].join('\n')),
    );
    expect(sections.map((section) => section.headings)).toEqual([['Installing', 'Do I need root?'], ['Using']]);
  });
});
