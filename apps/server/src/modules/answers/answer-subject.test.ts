import { describe, expect, it } from 'vitest';
import { sentences, term } from '../../test/answer-test-terms.ts';
import { answerText, type CandidateSentence, chooseSentences, quotedEntryQuestion } from './answer-sentences.ts';
import { entryQuestionOf, subjectNamedBy, withSubjectNamed } from './answer-subject.ts';


const sentence = (text: string, entry: string | null = null): CandidateSentence => ({ text, passage: 0, index: 0, paragraph: 0, entry, shape: 'sentence', terms: [] });

const AUTHORITATIVE = [
  'Q: What does the dhcp-authoritative option do?',
  '',
  'A: The DHCP spec says that a server ignores a renewal request from a client it has no knowledge of.',
  '   Setting this option makes dnsmasq send a NAK reply to the client, causing it to',
  '   immediately start to get a new lease.',
  '',
  'Q: Why does my box pause for a minute before getting a new lease?',
  '',
  'A: Because it tries the old one first.',
].join('\n');

describe('subjectNamedBy', () => {
  it('reads the option, setting or flag a FAQ question names, before its kind or as typed', () => {
    expect(subjectNamedBy('What does the dhcp-authoritative option do?')).toBe('dhcp-authoritative');
    expect(subjectNamedBy("Why is the 'hide_ids' setting ignored?")).toBe('hide_ids');
    expect(subjectNamedBy('What does --no-clobber do when a file exists?')).toBe('--no-clobber');
  });

  it('reads no name in words that only qualify the kind, or in a question naming none', () => {
    expect(subjectNamedBy('Is the default option safe?')).toBeNull();
    expect(subjectNamedBy('Which is the right setting for a laptop?')).toBeNull();
    expect(subjectNamedBy('Why does my box pause before getting a new lease?')).toBeNull();
  });
});

describe('entryQuestionOf', () => {
  it("takes the entry's question line in the passage, else the question heading an entry stands under, and no heading of a manual's section", () => {
    const heading = 'Kettle FAQ › What does the boil-dry option do?';
    expect(entryQuestionOf('Q: What does the quiet flag do?', { section: 'entry', heading })).toBe('Q: What does the quiet flag do?');
    expect(entryQuestionOf(null, { section: 'entry', heading })).toBe('What does the boil-dry option do?');
    expect(subjectNamedBy(entryQuestionOf(null, { section: 'entry', heading }) ?? '')).toBe('boil-dry');
    expect(entryQuestionOf(null, { section: 'part', heading: 'Manual › Using the --fast option' })).toBeNull();
    expect(entryQuestionOf(null, { section: 'entry', heading: null })).toBeNull();
  });
});

describe('withSubjectNamed', () => {
  it('labels a quote that says "this option" with the option its entry asks about', () => {
    const quote = [sentence('Setting this option makes dnsmasq send a NAK.')];
    expect(answerText(withSubjectNamed(quote, 'What does the dhcp-authoritative option do?'))).toBe('dhcp-authoritative: Setting this option makes dnsmasq send a NAK.');
  });

  it('leaves a quote that names it, that never says "this option", that describes an option of its own, or that has no entry question', () => {
    const question = 'What does the dhcp-authoritative option do?';
    const naming = [sentence('Setting this option (dhcp-authoritative) makes dnsmasq send a NAK.')];
    const plain = [sentence('Dnsmasq sends a NAK.')];
    const described = [sentence('Setting this option makes wget keep files.', '‘-k’')];
    expect(withSubjectNamed(naming, question)).toBe(naming);
    expect(withSubjectNamed(plain, question)).toBe(plain);
    expect(withSubjectNamed(described, question)).toBe(described);
    const unnamed = [sentence('Setting this option makes dnsmasq send a NAK.')];
    expect(withSubjectNamed(unnamed, null)).toBe(unnamed);
  });

  it("quotes a plain-text FAQ's answer with the name its question gave (fails before answer-subject.ts: the answer said only \"this option\")", () => {
    const all = sentences([AUTHORITATIVE]);
    const question = 'Clients wait for a new lease after moving networks; can dnsmasq tell them at once?';
    const chosen = chooseSentences(all, question, [term('lease', 2), term('dnsmasq', 1), term('network', 1.5)], [1]);
    const text = answerText(withSubjectNamed(chosen, quotedEntryQuestion(all, chosen)));
    expect(text).toMatch(/^dhcp-authoritative: The DHCP spec says/);
    expect(text).toContain('immediately start to get a new lease.');
    expect(text).not.toContain('Why does my box pause');
  });
});
