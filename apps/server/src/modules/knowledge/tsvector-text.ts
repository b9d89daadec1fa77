/** One lexeme of a tsvector: its positions, and each position's weight (A to D). */
export interface TsvectorEntry {
  lexeme: string;
  positions: number[];
  weights: string[];
}

/**
 * A tsvector's text form ('descal':3,7A 'it''s':5) read back: PostgreSQL doubles a quote and escapes a
 * backslash in a lexeme, and writes a weight after its position unless it is D.
 */
export function parseTsvector(text: string): TsvectorEntry[] {
  const entries: TsvectorEntry[] = [];
  let at = text.indexOf("'");
  while (at >= 0) {
    let lexeme = '';
    let end = at + 1;
    for (; end < text.length; end += 1) {
      const char = text[end];
      if (char === '\\') lexeme += text[(end += 1)] ?? '';
      else if (char === "'" && text[end + 1] === "'") lexeme += text[(end += 1)] ?? '';
      else if (char === "'") break;
      else lexeme += char;
    }
    const list = text[end + 1] === ':' ? (text.slice(end + 2).split(' ', 1)[0] ?? '') : '';
    const items = list === '' ? [] : list.split(',');
    entries.push({
      lexeme,
      positions: items.map((item) => Number.parseInt(item, 10)),
      weights: items.map((item) => (/[A-C]$/.test(item) ? item.slice(-1) : 'D')),
    });
    at = text.indexOf("'", end + 1);
  }
  return entries;
}
