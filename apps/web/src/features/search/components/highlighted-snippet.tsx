import { snippet } from '../snippet.ts';

/** The snippet of a text for a query, matches in <mark>: React text nodes only, never HTML. */
export function HighlightedSnippet({ text, query }: { text: string; query: string }) {
  return (
    <>
      {snippet(text, query).map((part, index) => (part.match ? <mark key={index}>{part.text}</mark> : <span key={index}>{part.text}</span>))}
    </>
  );
}
