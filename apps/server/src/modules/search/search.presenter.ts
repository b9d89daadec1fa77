import type { FeedbackHit, HelpRequestHit, HistoryHit } from '@steward/contract/search';
import { maskPersonalData } from '../../lib/personal-data.ts';
import type { TopBarFound } from './search.repository.ts';

// Search hits as everyone sees them with masking on (issues 43, 58): what the visitor typed is masked in the text the snippets are
// cut from, as in the lists (docs/privacy.md). A search can still find a row by an email typed whole.

export const maskHistoryHit = <Hit extends HistoryHit>(hit: Hit): Hit => ({ ...hit, user_message: maskPersonalData(hit.user_message) });

const maskFeedbackHit = (hit: FeedbackHit): FeedbackHit => ({ ...hit, message: maskPersonalData(hit.message), user_message: maskPersonalData(hit.user_message) });

const maskHelpRequestHit = (hit: HelpRequestHit): HelpRequestHit => ({ ...hit, message: maskPersonalData(hit.message) });

/** The top bar's groups, masked. */
export const maskTopBarFound = (found: TopBarFound): TopBarFound => ({
  history: { ...found.history, rows: found.history.rows.map(maskHistoryHit) },
  feedback: { ...found.feedback, rows: found.feedback.rows.map(maskFeedbackHit) },
  helpRequests: { ...found.helpRequests, rows: found.helpRequests.rows.map(maskHelpRequestHit) },
});
