import type { Db } from '../../db/client.ts';
import { chunkAndEarlierInSection, type SectionChunkRow } from './knowledge-search.repository.ts';
import type { Passage } from './knowledge-search.ts';

/** How many chunks back a passage is read from where its section starts, and the most characters that adds. */
const MOST_EARLIER_CHUNKS = 3;
const MOST_EARLIER_CHARACTERS = 4000;
/** The fewest characters of a repeated tail: a sentence, not a word that happens to start the next chunk. */
const SHORTEST_OVERLAP = 8;

/**
 * A passage that does not start its section (a long FAQ entry cut into chunks, the one found starting inside its
 * answer) with the section's text before it: the chunks before it in its section, the overlap the chunker repeats
 * at a chunk's start (chunk.ts) given once. Two sections may carry the same title (a FAQ that titles several
 * entries "… when I try to run it I get:"): a chunk that starts its section (knowledge_chunks.starts_section; for
 * one stored before that column, a chunk that repeats nothing of the one before) takes nothing from before it. An
 * excluded chunk and those before it stay out; a passage that starts its section, or one of Inform the Bot, is
 * returned as it is.
 */
export async function withSectionOpening(db: Db, passage: Passage): Promise<Passage> {
  if (passage.wholeSection || passage.documentId === null) return passage;
  const rows = await chunkAndEarlierInSection(db, passage.chunkId, MOST_EARLIER_CHUNKS);
  let later: SectionChunkRow | undefined = rows.at(-1);
  let text = passage.text;
  let page = passage.page;
  for (const earlier of rows.slice(0, -1).toReversed()) {
    if (!later || later.starts_section === true || earlier.excluded || Number(earlier.chunk_index) !== Number(later.chunk_index) - 1) break;
    const joined = joinedChunks(earlier.content, text, later.starts_section === false);
    if (joined === null || joined.length - passage.text.length > MOST_EARLIER_CHARACTERS) break;
    text = joined;
    page = earlier.page ?? page;
    later = earlier;
  }
  return text === passage.text ? passage : { ...passage, text, page };
}

/**
 * Two chunks of one section as one text: `later` starts with the last sentences of `earlier` (the overlap), given
 * once; without an overlap (a last sentence longer than the overlap's bound) the two are paragraphs apart when
 * `sameSection` is known, else null: the later one may start a section of its own.
 */
export function joinedChunks(earlier: string, later: string, sameSection: boolean): string | null {
  // The longest tail of the earlier one, from a sentence's start, that the later one starts with.
  const first = later.slice(0, 1);
  for (let at = earlier.indexOf(first, 1); at > 0 && first !== ''; at = earlier.indexOf(first, at + 1)) {
    if (/\s/.test(earlier.charAt(at - 1)) && earlier.length - at >= SHORTEST_OVERLAP && later.startsWith(earlier.slice(at))) return earlier.slice(0, at) + later;
  }
  return sameSection ? `${earlier}\n\n${later}` : null;
}
