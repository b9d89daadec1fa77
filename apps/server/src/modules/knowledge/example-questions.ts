import { DEMO_EXAMPLE_QUESTIONS, DEMO_PAGE_TEXTS } from '@steward/contract/demo-page';

/** A document as the example questions read it: its title and its first chunks. */
export interface ExampleQuestionSource {
  title: string;
  chunks: readonly { heading: string | null; content: string }[];
}

/**
 * A question a reader could ask as it stands: 12–120 characters, a capital first, a question mark last, starting
 * its line after the line's numbering or "Q:" ("2.3 How do I use function keys F11 to F20?"). One after a sentence
 * of its line leans on it ("Copyrighted?" after "Is it Public Domain?", "What should I do?" after "I cannot compile
 * MC."): Midnight Commander's FAQ gave those two, and none of its numbered questions.
 */
const FAQ_QUESTION = /^[A-Z][^.!?]{10,118}\?/;
/** A question a sentence quotes ('… the simple question, "What element does this text belong to?"'): its quote is open at its end. */
const endsInsideQuote = (question: string): boolean => (question.match(/["“”]/g)?.length ?? 0) % 2 === 1;
/** "2.3 " or "4. " before a question: digits only (a heading's roman numerals would take the "I" of "I cannot …"). */
const QUESTION_NUMBERING = /^[\d.]{1,12}[:)]?\s+/;
/** "Q:" or "Q)" before a question. */
const QUESTION_MARKER = /^Q[:.)]\s*/;
/**
 * A manual page's sections that say nothing of its subject, or only what the document's own question says ("What
 * does the rsync manual say about NAME?", "… about DESCRIPTION?"), nor do the sections under them (SYNOPSIS ›
 * Traditional usage); and a document's table of contents or index, a list of the topics rather than one ("What does
 * “Building Node.js” say about Table of contents?", a Markdown README's "## Table of contents").
 */
const BOILERPLATE_SECTION = /^(?:name|synopsis|description|see also|authors?|copyright|colophon|bugs|reporting bugs|version|history|(?:table of )?contents|index)$/i;
/** A piece of a wrapped sentence, not a title: no title ends on an article, a preposition or a conjunction ("Running the"). */
const ENDS_ON_FUNCTION_WORD = /\s(?:the|a|an|of|to|in|on|at|by|for|from|with|and|or|but|as|is|are|that|than)$/i;
/** "2.5 ", "IV. ", "Chapter 3: " before a heading's words. */
// eslint-disable-next-line security/detect-unsafe-regex -- linear: each repeated part starts with a "." no digit matches, so there is one way to match
const NUMBERING = /^(?:(?:chapter|section|part)\s+)?(?:\d+(?:\.\d+)*|[ivxlc]+)[.:)]?\s+/i;

/**
 * A heading's last part, without its numbering, if it reads as a topic (3–60 characters, a letter, no list
 * punctuation, no command line's brackets or options: "bc [ -hlwsqv ] [long-options]") under no boilerplate section; a title set in capitals ("EXIT VALUES") as a sentence is written.
 */
function topicOf(text: string): string | undefined {
  const parts = text.split(' › ').map((part) => part.trim().replace(NUMBERING, ''));
  const last = parts.at(-1) ?? '';
  if (last.length < 3 || last.length > 60 || !/\p{L}/u.test(last) || /[,;|\t[\]{}<>=]|[.:!?]$|(?:^|\s)--?\p{L}/u.test(last) || !/^\p{L}/u.test(last) || ENDS_ON_FUNCTION_WORD.test(last) || parts.some((part) => BOILERPLATE_SECTION.test(part))) return undefined;
  return inCapitals(last) ? `${last.charAt(0)}${last.slice(1).toLowerCase()}` : last;
}

/** A title of words in capitals, not one short acronym ("EXIT VALUES", "OPTIONS"; not "FAQ"). */
const inCapitals = (text: string): boolean => !/\p{Ll}/u.test(text) && (text.includes(' ') || text.length > 4);

/**
 * A document's candidate questions, best first: the questions its text asks itself (an FAQ), then its topics (the
 * headings of a PDF; in a text file, short lines that stand alone as titles do; a subsection's one-word title
 * last), then what it is about.
 */
function candidatesOf(source: ExampleQuestionSource): string[] {
  const asked: string[] = [];
  const topics: string[] = [];
  const vagueTopics: string[] = [];
  for (const chunk of source.chunks) {
    const lines = chunk.content.split('\n').map((line) => line.trim());
    for (const line of lines) {
      const question = FAQ_QUESTION.exec(line.replace(QUESTION_NUMBERING, '').replace(QUESTION_MARKER, ''))?.[0];
      if (question && !endsInsideQuote(question)) asked.push(question.trim());
    }
    // A FAQ entry whose question is its heading alone (a web page's <summary>, a Markdown "## How do I …?").
    const headingQuestion = FAQ_QUESTION.exec(chunk.heading?.split(' › ').at(-1)?.trim().replace(QUESTION_NUMBERING, '') ?? '')?.[0];
    if (headingQuestion && !asked.includes(headingQuestion)) asked.push(headingQuestion);
    const headingTopic = chunk.heading ? topicOf(chunk.heading) : undefined;
    // A subsection's title of one word ("Supported platforms › Input", "› Strategy") says little on its own.
    if (headingTopic) (chunk.heading?.includes(' › ') && !/\s/.test(headingTopic) ? vagueTopics : topics).push(headingTopic);
    // A title in a text file ("Amendment I" above its text): a short line that starts the chunk or follows a blank
    // one, with a longer line next (after blank lines); not the last line of a wrapped paragraph.
    lines.forEach((line, index) => {
      if (index > 0 && lines[index - 1] !== '') return;
      const next = lines.slice(index + 1).find((other) => other !== '') ?? '';
      const topic = next.length > line.length ? topicOf(line) : undefined;
      if (topic) topics.push(topic);
    });
  }
  const title = source.title.trim();
  const aboutTopics = [...topics, ...vagueTopics].filter((topic) => topic.toLowerCase() !== title.toLowerCase()).map((topic) => DEMO_PAGE_TEXTS.aboutTopic(title, topic));
  return [...asked, ...aboutTopics, DEMO_PAGE_TEXTS.aboutDocument(title)];
}

/**
 * The /demo page's example questions from the uploaded documents (newest first): one from each document in turn, so
 * they span the documents, each distinct. None without documents (the page then shows the neutral ones).
 */
export function exampleQuestions(sources: readonly ExampleQuestionSource[], limit = DEMO_EXAMPLE_QUESTIONS): string[] {
  const lists = sources.map(candidatesOf);
  const chosen: string[] = [];
  const seen = new Set<string>();
  for (let round = 0; chosen.length < limit && lists.some((list) => list.length > round); round += 1) {
    for (const list of lists) {
      const question = list[round];
      if (question === undefined || seen.has(question.toLowerCase())) continue;
      seen.add(question.toLowerCase());
      chosen.push(question);
      if (chosen.length === limit) break;
    }
  }
  return chosen;
}
