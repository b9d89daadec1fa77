import { IconThumbDown, IconThumbUp } from '../../../components/icons.tsx';
import type { Rating } from '@steward/contract/feedback';

const LABEL: Record<Rating, string> = { up: 'Thumb up', down: 'Thumb down' };

/** A thumb icon with an accessible name ("Thumb up" / "Thumb down"). */
export function RatingIcon({ rating }: { rating: Rating }) {
  const Icon = rating === 'up' ? IconThumbUp : IconThumbDown;
  return (
    <span role="img" aria-label={LABEL[rating]} title={LABEL[rating]} className={rating === 'up' ? 'text-success' : 'text-danger'}>
      <Icon size={20} />
    </span>
  );
}
