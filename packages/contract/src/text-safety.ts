/**
 * What text the API accepts, for every string of every request (issue 38, docs/security.md):
 * - NUL (U+0000) and lone UTF-16 surrogates are refused whole: PostgreSQL cannot store a NUL in text, and a
 *   lone surrogate is not Unicode (the database drivers would turn it into U+FFFD without a word).
 * - In labels (titles, file names, people's names), control characters (C0 and C1), zero-width characters
 *   and bidirectional overrides and isolates are removed: they make one name look like another ("invoice\u202Efdp.exe")
 *   or hide text. Free text (questions, answers, messages, Inform-the-Bot content) keeps them as content.
 */

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const UNSAFE_TEXT_MESSAGES = {
  nul: 'Text may not contain the NUL character (\\u0000).',
  loneSurrogate: 'Text may not contain a lone UTF-16 surrogate: it is not valid Unicode.',
} as const;

/** Why a string is refused, or undefined when it is accepted. */
export function unsafeTextReason(text: string): string | undefined {
  if (text.includes('\u0000')) return UNSAFE_TEXT_MESSAGES.nul;
  if (LONE_SURROGATE.test(text)) return UNSAFE_TEXT_MESSAGES.loneSurrogate;
  return undefined;
}

/**
 * The first refused string anywhere in a parsed JSON value (object keys included), with its path, or undefined.
 * Iterative, so a deeply nested body cannot exhaust the stack.
 */
export function findUnsafeText(value: unknown): { path: (string | number)[]; reason: string } | undefined {
  // Each entry keeps its parent and key, not a copy of its path: a path is built only for the string refused.
  interface Entry {
    value: unknown;
    parent: Entry | undefined;
    key: string | number | undefined;
  }
  const pathOf = (entry: Entry | undefined, last?: string): (string | number)[] => {
    const reversed: (string | number)[] = last === undefined ? [] : [last];
    for (let at = entry; at?.key !== undefined; at = at.parent) reversed.push(at.key);
    return reversed.reverse();
  };
  const stack: Entry[] = [{ value, parent: undefined, key: undefined }];
  while (stack.length > 0) {
    const entry = stack.pop() as Entry;
    const current = entry.value;
    if (typeof current === 'string') {
      const reason = unsafeTextReason(current);
      if (reason) return { path: pathOf(entry), reason };
    } else if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index -= 1) stack.push({ value: current[index], parent: entry, key: index });
    } else if (typeof current === 'object' && current !== null) {
      for (const [key, item] of Object.entries(current)) {
        const reason = unsafeTextReason(key);
        if (reason) return { path: pathOf(entry, key), reason };
        stack.push({ value: item, parent: entry, key });
      }
    }
  }
  return undefined;
}

// C0 controls (tab, line feed and carriage return included: a label is one line), DEL and C1 controls; zero-width
// space, non-joiner, joiner, the LRM/RLM marks; the bidirectional embeddings, overrides and isolates; word joiner and
// invisible operators; the byte-order mark used as a zero-width no-break space.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const INVISIBLE_IN_LABELS = /[\u0000-\u001F\u007F-\u009F\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;

/** A label (title, file name, person's name) without control, zero-width and bidirectional-override characters. */
export const cleanLabel = (text: string): string => text.replace(INVISIBLE_IN_LABELS, '');
