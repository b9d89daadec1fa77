import { describe, expect, it } from 'vitest';
import { definesOption, definitionHeadingTerms, longFormsBeside, namedOptions, optionTermsOf } from './named-options.ts';
import type { QuestionTerm } from './question-terms.ts';

const term = (word: string, stem: string, source?: string): QuestionTerm => ({
  term: stem,
  idf: 1,
  chunks: 1,
  unknown: false,
  word,
  weight: 1,
  informativeness: 3,
  name: false,
  ...(source === undefined ? {} : { source }),
});

describe('namedOptions', () => {
  it('takes the options a question types, with one dash or two, quoted or not, each once and without a value', () => {
    expect(namedOptions('What does rsync --delete do? And "--delete"?')).toEqual(['--delete']);
    expect(namedOptions('Is gzip -9 slower than (-1)?')).toEqual(['-9', '-1']);
    expect(namedOptions('How do I set --Max-Delete=NUM or ‘-nc’?')).toEqual(['--max-delete', '-nc']);
    expect(namedOptions('Is -e the same as -E?')).toEqual(['-e', '-E']);
  });

  it('takes no dash inside a word, a dash alone or a negative number of several digits', () => {
    expect(namedOptions('Is x86-64 a well-known - or a 2-3 day - fix? It is -15 degrees.')).toEqual([]);
  });
});

describe('a setting’s or a variable’s name', () => {
  it('is named as typed, in any case, when its words are joined by underscores', () => {
    expect(namedOptions('What is XZ_DEFAULTS? And `pasv_min_port`?')).toEqual(['xz_defaults', 'pasv_min_port']);
    expect(namedOptions('Is snake_case_ a name? Or _private?')).toEqual([]);
    expect(optionTermsOf([term('XZ', 'xz'), term('DEFAULTS', 'default')], 'xz_defaults')).toEqual(['xz', 'default']);
  });

  it('is defined by a line of its own above its description, or a paragraph that starts with it and describes it', () => {
    expect(definesOption('ENVIRONMENT\n\nXZ_DEFAULTS\nUser-specific or system-wide default options.', 'xz_defaults')).toBe(true);
    expect(definesOption('pasv_min_port\nThe minimum port to allocate for PASV style data connections.', 'pasv_min_port')).toBe(true);
    expect(definesOption('XZ_DEFAULTS User-specific default options.\n\nXZ_OPT This is for passing options to xz.', 'xz_opt')).toBe(true);
    // Used, not defined: in an example, in a sentence.
    expect(definesOption('for example:\n\nXZ_OPT=-2v tar caf foo.tar.xz foo', 'xz_opt')).toBe(false);
    expect(definesOption('Scripts may use XZ_OPT to set default options.', 'xz_opt')).toBe(false);
  });
});

describe('optionTermsOf', () => {
  it('gives the terms of the option’s words and of its whole, not the question’s other words', () => {
    const terms = [term('max', 'max'), term('delete', 'delet'), term('max-delete', 'max-delet', 'max'), term('files', 'file')];
    expect(optionTermsOf(terms, '--max-delete')).toEqual(['max', 'delet', 'max-delet']);
    expect(optionTermsOf([term('L', 'l'), term('ssh', 'ssh')], '-L')).toEqual(['l']);
  });
});

describe('definesOption', () => {
  it('finds an option set on a line of its own among options and their arguments', () => {
    expect(definesOption('Some text.\n--delete\nThis tells rsync to delete extraneous files.', '--delete')).toBe(true);
    expect(definesOption('--rsh=COMMAND, -e\nThis option allows you to choose a remote shell.', '-e')).toBe(true);
    expect(definesOption('‘-nc’\n‘--no-clobber’\n     If a file is downloaded more than once …', '-nc')).toBe(true);
    expect(definesOption('--ipv4, -4 or --ipv6, -6\nThese options tell rsync to prefer IPv4/IPv6.', '-6')).toBe(true);
    expect(definesOption('-L [bind_address:]port:host:hostport\nSpecifies that connections to the given TCP port …', '-L')).toBe(true);
  });

  it('finds an option a paragraph starts with and describes on the same line, as a tagged list sets it, but not an option summary’s lines', () => {
    const ssh = 'The options are as follows:\n\n-A Enables forwarding of connections from an authentication agent\nsuch as ssh-agent(1).\n\n-a Disables forwarding of the authentication agent connection.';
    expect(definesOption(ssh, '-A')).toBe(true);
    expect(definesOption(ssh, '-a')).toBe(true);
    expect(definesOption('-p port  Port to connect to on the remote host.', '-p')).toBe(true);
    expect(definesOption('Here is a short summary.\n\n--verbose, -v  increase verbosity\n--quiet, -q  suppress non-error messages', '-v')).toBe(false);
    expect(definesOption('Here is a short summary.\n--verbose, -v  increase verbosity\n\nThen more.', '-v')).toBe(false);
    expect(longFormsBeside('\n-c, --stdout Write output on standard output.', '-c')).toEqual(['--stdout']);
  });

  it('finds no definition in a line that goes on to describe it, one that only mentions it, or another option sharing its start', () => {
    expect(definesOption('--delete   delete extraneous files from dest directories\n--delete-before   receiver deletes before', '--delete')).toBe(false);
    expect(definesOption('See --delete (which is implied) for more details.', '--delete')).toBe(false);
    expect(definesOption('--executability, -E\nThis option causes rsync to preserve executability.', '-e')).toBe(false);
    expect(definesOption('--delete-before\nRequest that the deletions be done before the transfer starts.', '--delete')).toBe(false);
  });

  it('finds no definition in a wrapped line of a sentence that starts with an option', () => {
    expect(definesOption('If --links is specified, symlinks are copied. Note that\n--archive implies --links.\nIf --copy-links is set …', '--archive')).toBe(false);
  });
});

describe('longFormsBeside', () => {
  it('gives the long options a text defines with a short one, on its line or on the option lines around it', () => {
    expect(longFormsBeside('Some text.\n--archive, -a\nThis is equivalent to -rlptgoD.', '-a')).toEqual(['--archive']);
    expect(longFormsBeside('‘-a’\n‘--All’\n     List all entries.', '-a')).toEqual(['--all']);
    expect(longFormsBeside('-e, --rsh=COMMAND\nThis option allows you to choose a remote shell.', '-e')).toEqual(['--rsh']);
  });

  it('gives none for an option only mentioned, defined alone, or another option’s lines', () => {
    expect(longFormsBeside('Use -a with --archive for short.\n--archive, -a   archive mode', '-a')).toEqual([]);
    expect(longFormsBeside('-t\nList the archive.', '-t')).toEqual([]);
    expect(longFormsBeside('--update, -u\nSkip newer files.\n\n--archive, -a\nArchive mode.', '-u')).toEqual(['--update']);
  });
});

describe('definitionHeadingTerms', () => {
  it('gives a definition’s option terms and the question’s words its document’s title holds; nothing for a passage that defines none', () => {
    const terms = [term('ssh', 'ssh'), term('L', 'l'), term('forward', 'forward')];
    expect(definitionHeadingTerms(terms, ['l'], ['ssh', 'manual', 'page'])).toEqual(['l', 'ssh']);
    expect(definitionHeadingTerms(terms, [], ['ssh', 'manual'])).toEqual(['ssh']);
    expect(definitionHeadingTerms(terms, undefined, ['ssh', 'manual'])).toEqual([]);
  });
});
