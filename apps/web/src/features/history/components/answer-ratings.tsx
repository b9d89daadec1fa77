import { Link } from 'react-router';
import type { ExchangeNotes } from '@steward/contract/history';
import { IconThumbDown, IconThumbUp } from '../../../components/icons.tsx';

/** The visitor's ratings of one answer, with their reasons and words, each linking to its feedback. */
export function AnswerRatings({ ratings }: { ratings: ExchangeNotes['ratings'] }) {
  if (ratings.length === 0) return null;
  return (
    <ul className="list-unstyled mb-0 mt-2 answer-ratings">
      {ratings.map((rating) => (
        <li key={rating.feedback_id} className="small">
          <Link to={`/feedback/${rating.feedback_id}`} className="text-decoration-underline">
            {rating.rating === 'up' ? <IconThumbUp size={16} /> : <IconThumbDown size={16} />}{' '}
            {rating.rating === 'up' ? 'Rated helpful' : 'Rated not helpful'}
          </Link>
          {rating.reason.length > 0 ? <span>: {rating.reason.join(', ')}</span> : null}
          {rating.user_feedback ? <q className="d-block text-body-secondary">{rating.user_feedback}</q> : null}
        </li>
      ))}
    </ul>
  );
}
