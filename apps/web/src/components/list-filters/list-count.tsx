import { FILTERED_COUNT_CAP } from '@steward/contract/list-filters';

/** How many rows the list holds under its filters: "1,234 questions", or "More than 10,000 …" when the count stopped there. */
export function ListCount({ count, capped, noun, filtered }: { count: number; capped: boolean; noun: string; filtered: boolean }) {
  const number = capped ? `More than ${FILTERED_COUNT_CAP.toLocaleString('en-US')}` : count.toLocaleString('en-US');
  return (
    <p className="text-secondary small mb-0" role="status" data-testid="list-count">
      {number} {noun}
      {filtered ? ' match these filters' : ''}
    </p>
  );
}
