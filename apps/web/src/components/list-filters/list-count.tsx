import { FILTERED_COUNT_CAP } from '@steward/contract/list-filters';

/** What a list counts, in the singular and the plural: ['question', 'questions']. */
export type CountedNoun = readonly [one: string, many: string];

/** How many rows the list holds under its filters: "1,234 questions", "1 question matches these filters", or "More than 10,000 …" when the count stopped there. */
export function ListCount({ count, capped, noun, filtered }: { count: number; capped: boolean; noun: CountedNoun; filtered: boolean }) {
  const one = count === 1 && !capped;
  const number = capped ? `More than ${FILTERED_COUNT_CAP.toLocaleString('en-US')}` : count.toLocaleString('en-US');
  return (
    <p className="text-secondary small mb-0" role="status" data-testid="list-count">
      {number} {one ? noun[0] : noun[1]}
      {filtered ? (one ? ' matches these filters' : ' match these filters') : ''}
    </p>
  );
}
