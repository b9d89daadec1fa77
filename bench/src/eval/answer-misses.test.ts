import { describe, expect, it } from 'vitest';
import { type Miss, missKind } from './answer-misses.ts';

// Passages as the knowledge search answers them, from test-data/manuals' vsftpd and mdadm FAQs.
const restrict = `Q) Can I restrict users to their home directories?
A) Yes. You are probably after the setting:
chroot_local_user=YES

Q) Why don't symlinks work with chroot_local_user=YES?
A) This is a consequence of how chroot() security works. As alternatives,
look into hard links, or if you have a modern Linux, see the powerful
"mount --bind".`;
const busy = `  If mdadm cannot stop other arrays on your system, check that these arrays
  aren't used anymore. Common causes for busy/locked arrays are:

    * The array contains a mounted filesystem (check the \`mount' output)
    * The array is used as a swap backend (check /proc/swaps)`;
const shutdown = `  It is perfectly normal for mdadm to report the array with the root
  filesystem to be busy on shutdown. The reason for this is that the root
  filesystem must be mounted to be able to stop the array. The kernel actually stops the array just before
  halting, so it's all well.`;

const miss = (fields: Partial<Miss>): Miss => ({ answerKind: 'extractive', onlyQuestionOrHeading: null, answerBody: '', topPassage: restrict, missing: [], ...fields });

describe('the kind of a miss', () => {
  it('names a declined question, a question line and a heading first', () => {
    expect(missKind(miss({ answerKind: 'unknown', missing: [['chroot_local_user=YES']] }))).toBe('declined');
    expect(missKind(miss({ onlyQuestionOrHeading: 'question', answerBody: 'Q) Can I restrict users to their home directories?', missing: [['chroot_local_user=YES']] }))).toBe(
      'question line quoted',
    );
    expect(missKind(miss({ onlyQuestionOrHeading: 'heading', answerBody: 'Frequently asked questions', missing: [['x']] }))).toBe('heading only');
  });

  it('tells a list or a line announced by a colon cut off from a neighbouring sentence left out', () => {
    expect(missKind(miss({ answerBody: 'A) Yes. You are probably after the setting:', missing: [['chroot_local_user=YES']] }))).toBe('list cut');
    expect(missKind(miss({ topPassage: busy, answerBody: "If mdadm cannot stop other arrays on your system, check that these arrays aren't used anymore.", missing: [['mounted filesystem']] }))).toBe(
      'list cut',
    );
    expect(missKind(miss({ topPassage: shutdown, answerBody: 'The reason for this is that the root filesystem must be mounted to be able to stop the array.', missing: [['perfectly normal']] }))).toBe(
      'neighbour sentence missing',
    );
    expect(missKind(miss({ answerBody: 'This is a consequence of how chroot() security works.', missing: [['hard links']] }))).toBe('neighbour sentence missing');
  });

  it('tells an answer quoted from another passage, and a fact the first passage does not hold', () => {
    expect(missKind(miss({ answerBody: 'Look at the hide_file and deny_file options in the manual page.', missing: [['chroot_local_user=YES']] }))).toBe('quoted another passage');
    expect(missKind(miss({ answerBody: 'A) Yes. You are probably after the setting:', missing: [['max_clients']] }))).toBe('fact not in the first passage');
  });

  it('finds the quote behind the option name an answer puts before it', () => {
    expect(missKind(miss({ answerBody: '--bind: This is a consequence of how chroot() security works.', missing: [['mount --bind']] }))).toBe('neighbour sentence missing');
  });
});
