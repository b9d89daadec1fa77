import { z } from 'zod';
import { BOT_LIMITS } from './bot-limits.ts';
import { isoTimestamp } from './envelope.ts';

export const INFORM_THE_BOT_MESSAGES = {
  editContentRequired: 'Please type new content.',
  addContentRequired: 'Please type new content or upload files.',
  contentTooLong: 'The content is too long: at most 200,000 characters.',
  added: 'You have successfully added new information.',
  deleted: 'This information has been successfully deleted.',
  deleteQuestion: 'Are you sure you want to delete this information?',
  ownApproval: 'You cannot approve information you wrote or last edited: someone else must approve it.',
  alreadyApproved: 'This information is already approved.',
  changedSinceLoaded: 'This information has changed since you loaded it. Please review the new content before approving.',
  notFound: 'This information no longer exists.',
  questionTooLong: 'The question is too long.',
  correctionTitle: 'Type correct answer to the question below.',
  waitingForAnother: 'Waiting for another team member',
  onlyApprover: 'Only one person can approve information, and nobody may approve what they wrote: invite another team member.',
  /** Who may approve (canApproveInformation), in words: every text that speaks of approving says this. */
  approvalRule: 'Anyone who may add information can approve it, except whoever wrote or last edited it.',
} as const;

/** The list's filter: `?status=pending` lists only the items waiting for approval (the "Pending" tab). */
export const INFORM_THE_BOT_STATUS_PARAM = 'status';
export const informTheBotListQuery = z.object({
  [INFORM_THE_BOT_STATUS_PARAM]: z.enum(['pending'], { error: 'The status must be "pending", or absent for all items.' }).optional(),
});

/**
 * GET /api/inform-the-bot/approval-queue: how many pending items the viewer may approve (the top bar's badge), and
 * how many people may approve at all (with one, nobody can approve that person's items: the screen says how to invite one).
 */
export const approvalQueueRow = z.object({ awaiting_you: z.number().int(), approvers: z.number().int() });
export type ApprovalQueue = z.infer<typeof approvalQueueRow>;

/**
 * How alike (pg_trgm similarity of the accent- and case-folded texts, 0 to 1) a question must be
 * to an approved correction's question for the correction to answer it. A rewording with the same
 * words passes ("Can you deliver to my P.O. box?" / "can you deliver to a PO box"); another
 * question about the same subject does not.
 */
export const CORRECTION_MATCH_THRESHOLD = 0.6;

/** How many past questions the replay shows before approving a correction. */
export const REPLAY_SIZE = 5;

/** One past question most like a correction's, with the answer given then and the one the bot would give with the correction. */
export const replayRow = z.object({
  history_id: z.number().int(),
  session_id: z.string(),
  time: isoTimestamp,
  user_message: z.string(),
  likeness: z.number(),
  /** HTML the bot wrote then: render only after sanitising. */
  answer_then: z.string(),
  /** The correction's text when the question matches it (likeness ≥ CORRECTION_MATCH_THRESHOLD), else null: the answer stays. */
  answer_with_correction: z.string().nullable(),
});
export type ReplayRow = z.infer<typeof replayRow>;

/** The URL state of "Correct this answer": /inform-the-bot?question=… opens the add form as a correction of it. */
export const CORRECTION_QUESTION_PARAM = 'question';

export const INFORM_THE_BOT_TYPES = ['information', 'file', 'correction'] as const;
export const informTheBotType = z.enum(INFORM_THE_BOT_TYPES);
export type InformTheBotType = z.infer<typeof informTheBotType>;

export const INFORM_THE_BOT_STATUSES = ['pending', 'approved'] as const;
export const informTheBotStatus = z.enum(INFORM_THE_BOT_STATUSES);

/** Typed or extracted text: one limit on both sides (about 100 pages of text). */
export const MAX_CONTENT_LENGTH = 200_000;

/** Files accepted by "Add new information"; their text becomes the content. */
export const INFORM_THE_BOT_FILE_TYPES = ['.txt', '.csv', '.pdf'] as const;
export const MAX_UPLOAD_FILES = 10;
export const MAX_UPLOAD_FILE_BYTES = 10 * 1024 * 1024;

const content = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(MAX_CONTENT_LENGTH, INFORM_THE_BOT_MESSAGES.contentTooLong);

/** One card of the list. `last_author_id` is the creator, or the last editor after an edit: they may not approve. */
export const informTheBotRow = z.object({
  id: z.number().int(),
  user_id: z.number().int().nullable(),
  last_author_id: z.number().int().nullable(),
  time: isoTimestamp,
  content: z.string(),
  name: z.string(),
  status: informTheBotStatus,
  type: informTheBotType,
  question: z.string().nullable(),
  total_count: z.number().int(),
});
export type InformTheBotRow = z.infer<typeof informTheBotRow>;

/** The longest question a correction keeps: a visitor's message is at most this long (the bot API's limit). */
export const MAX_QUESTION_LENGTH = BOT_LIMITS.userMessage;

/**
 * POST /api/inform-the-bot: information typed by staff. With `question` (the session detail's "Correct this
 * answer") it is a correction of the answer to that question; a feedback's correction comes from
 * POST /api/feedback/{id}/correction.
 */
export const createInformTheBotRequest = z.strictObject({
  content: content(INFORM_THE_BOT_MESSAGES.addContentRequired),
  question: z.string().trim().min(1).max(MAX_QUESTION_LENGTH, INFORM_THE_BOT_MESSAGES.questionTooLong).optional(),
});

/** The add form: typed content is optional when files come with it (checked on submit). */
export const addInformationForm = z.object({
  content: z.string().max(MAX_CONTENT_LENGTH, INFORM_THE_BOT_MESSAGES.contentTooLong),
});
export type AddInformationForm = z.infer<typeof addInformationForm>;

/** POST /api/inform-the-bot/edit/{id}. The type is the item's; the server keeps where the text came from. */
export const editInformTheBotRequest = z.strictObject({
  content: content(INFORM_THE_BOT_MESSAGES.editContentRequired),
  type: informTheBotType.optional(),
});
export type EditInformTheBotRequest = z.infer<typeof editInformTheBotRequest>;

/** POST /api/inform-the-bot/approve/{id}: the content the approver saw; approving text they did not see is refused. */
export const approveInformTheBotRequest = z
  .strictObject({ content: z.string().max(MAX_CONTENT_LENGTH).optional() })
  .nullish();
