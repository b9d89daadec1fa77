import { z } from 'zod';
import { isoTimestamp } from './envelope.ts';
import { tooManyFilesMessage } from './uploads.ts';
import { cleanLabel } from './text-safety.ts';

/** A document's state in the vector database (spec section 4). Edit and delete wait while in_progress. */
export const DOCUMENT_STATUSES = ['in_progress', 'completed', 'error'] as const;
export const documentStatusSchema = z.enum(DOCUMENT_STATUSES);
export type DocumentStatus = z.infer<typeof documentStatusSchema>;

/** The status pill's words (spec section 4: in progress / completed / error). */
export const DOCUMENT_STATUS_LABELS: Record<DocumentStatus, string> = {
  in_progress: 'In progress',
  completed: 'Completed',
  error: 'Error',
};

/** Spec section 9: the accepted file types; documents given by URL must be PDFs. */
export const DOCUMENT_EXTENSIONS = ['.txt', '.csv', '.pdf'] as const;
export const DOCUMENT_MIME_TYPES = {
  'text/plain': ['.txt'],
  'text/csv': ['.csv'],
  'application/pdf': ['.pdf'],
} as const;

/** Files and document URLs in one upload, together (the drop area's "Too many files"). */
export const MAX_FILES_PER_UPLOAD = 20;

/** Texts of spec sections 2 and 5 for the Documents screen, then ours. */
export const DOCUMENT_MESSAGES = {
  titlesRequired: 'Please input a title for all of the documents.',
  sourceUrlsInvalid: 'Please make sure all source URL(s) are set and valid.',
  pdfUrlsInvalid: 'Please make sure all PDF URL(s) are valid.',
  titleRequired: 'Please input a document title.',
  sourceUrlInvalid: 'Please make sure the source URL is valid.',
  deleteQuestion: 'Are you sure you want to delete this file?',
  deleted: 'This file has been successfully deleted.',
  updated: 'You have successfully updated the document metadata.',
  notFound: 'This document does not exist.',
  inProgress: 'This document is still being processed. Try again when it is completed.',
  noFiles: 'Please add at least one file or document URL.',
  filesDataMismatch: 'Each uploaded file needs one title and source URL in filesData.',
  uploadNotFound: 'An uploaded file was not found. Please upload it again.',
  fileRegisteredTwice: 'Each uploaded file can be registered once: a file_id appears twice in filesData.',
  tooManyFiles: tooManyFilesMessage(MAX_FILES_PER_UPLOAD),
  replaceNeedsOneFile: 'Send one file to replace a document with.',
  replaceFileMissing: 'Send the new version of the document as a file.',
} as const;

/** The progress bar of the upload flow (spec sections 2 and 4). */
export const UPLOAD_PROGRESS_TEXT = {
  waiting: 'Waiting...',
  sendingFiles: 'Uploading files to the server...',
  registering: 'Uploading data to the vector database...',
  complete: 'Complete',
  failed: 'Failed',
} as const;
/** Sending the files fills the bar up to here; registering them fills the rest. */
export const UPLOAD_FILES_SHARE = 49;

export const UPLOAD_BUTTON_TEXT = { upload: 'Upload', retry: 'Retry Upload' } as const;

export const MAX_TITLE_LENGTH = 500;
export const MAX_SOURCE_URL_LENGTH = 2048;

const httpUrlSchema = z.url({ protocol: /^https?$/, hostname: /^[^\s]+$/ }).max(MAX_SOURCE_URL_LENGTH);

/** True for an absolute http(s) URL. */
export const isHttpUrl = (value: string): boolean => httpUrlSchema.safeParse(value).success;

/** A document URL row: an http(s) URL whose path (before any query or fragment) ends in .pdf. */
export const isPdfUrl = (value: string): boolean =>
  isHttpUrl(value) && (value.split(/[?#]/)[0] ?? '').toLowerCase().endsWith('.pdf');

/** The extension of a file name, lower-cased with its dot, or ''. */
export const extensionOf = (filename: string): string => {
  const dot = filename.lastIndexOf('.');
  return dot < 0 ? '' : filename.slice(dot).toLowerCase();
};

export const isAcceptedDocumentName = (filename: string): boolean =>
  (DOCUMENT_EXTENSIONS as readonly string[]).includes(extensionOf(filename));

const titleField = (message: string) => z.string({ error: message }).overwrite(cleanLabel).trim().min(1, message).max(MAX_TITLE_LENGTH, message);
const sourceUrlField = (message: string) => z.string({ error: message }).trim().refine(isHttpUrl, message);

/** One entry of `filesData`: the title and source URL of the file at the same position. */
export const uploadFileMetadata = z.strictObject({
  title: titleField(DOCUMENT_MESSAGES.titlesRequired),
  source_url: sourceUrlField(DOCUMENT_MESSAGES.sourceUrlsInvalid),
});
export type UploadFileMetadata = z.infer<typeof uploadFileMetadata>;

/** `filesData` of POST /api/upload-files (a JSON text in the multipart body). */
export const uploadFilesData = z.array(uploadFileMetadata).min(1, DOCUMENT_MESSAGES.noFiles).max(MAX_FILES_PER_UPLOAD, DOCUMENT_MESSAGES.tooManyFiles);

/** What POST /api/upload-files and POST /api/upload-url answer per stored file, for POST /api/register-files. */
export const uploadedFileRow = z.object({
  file_id: z.string(),
  filename: z.string(),
  title: z.string(),
  source_url: z.string(),
});
export type UploadedFileRow = z.infer<typeof uploadedFileRow>;

/** POST /api/upload-url: the server fetches a PDF the browser cannot (CORS) and stores it like an upload. */
export const uploadUrlRequest = z.strictObject({
  url: z.string({ error: DOCUMENT_MESSAGES.pdfUrlsInvalid }).trim().refine(isPdfUrl, DOCUMENT_MESSAGES.pdfUrlsInvalid),
  title: titleField(DOCUMENT_MESSAGES.titlesRequired),
});
export type UploadUrlRequest = z.infer<typeof uploadUrlRequest>;

/** POST /api/register-files: creates the documents (in_progress) and queues their ingestion. */
export const registerFilesRequest = z.strictObject({
  filesData: z
    .array(
      z.strictObject({
        file_id: z.string().trim().min(1, DOCUMENT_MESSAGES.uploadNotFound).max(100, DOCUMENT_MESSAGES.uploadNotFound),
        /** As upload-files answered it; the stored file's own name is what counts. */
        filename: z.string().overwrite(cleanLabel).max(1000).optional(),
        title: titleField(DOCUMENT_MESSAGES.titlesRequired),
        source_url: sourceUrlField(DOCUMENT_MESSAGES.sourceUrlsInvalid),
      }),
    )
    .min(1, DOCUMENT_MESSAGES.noFiles)
    .max(MAX_FILES_PER_UPLOAD, DOCUMENT_MESSAGES.tooManyFiles)
    .refine((entries) => new Set(entries.map((entry) => entry.file_id)).size === entries.length, DOCUMENT_MESSAGES.fileRegisteredTwice),
});
export type RegisterFilesRequest = z.infer<typeof registerFilesRequest>;

/** A document as the list and the calls answer it (spec section 3, plus the reason of an error). */
export const documentRow = z.object({
  id: z.number().int(),
  file_id: z.string(),
  filename: z.string(),
  source_url: z.string(),
  title: z.string(),
  uploaded_by: z.string(),
  upload_date: isoTimestamp,
  status: documentStatusSchema,
  /** Why ingestion failed, when status is error. */
  error: z.string().nullable(),
  /** A new version being indexed while the current one keeps answering (replace in place). */
  replacing_filename: z.string().nullable(),
  total_count: z.number().int(),
});
export type DocumentRow = z.infer<typeof documentRow>;

/** POST /api/documents/{fileId}/update. */
export const updateDocumentRequest = z.strictObject({
  title: titleField(DOCUMENT_MESSAGES.titleRequired),
  source_url: sourceUrlField(DOCUMENT_MESSAGES.sourceUrlInvalid),
});
export type UpdateDocumentRequest = z.infer<typeof updateDocumentRequest>;

// ---- Retrieval: "Try a question" (POST /api/knowledge/search) and the bot (POST /api/bot/knowledge/search) ----
export const KNOWLEDGE_MESSAGES = {
  questionRequired: 'Please type a question.',
  noPassages: 'No passage answers this question yet.',
  /** Above the passages of "Try a question": what a relevance means (docs/bot.md). */
  relevanceLegend: 'Relevance is a passage’s chance of being the one that answers the question: at 50 % or more it usually is, under 10 % hardly ever.',
} as const;
/** The relevance (0 to 1) from which a passage usually is the answer, and under which it hardly ever is. */
export const RELEVANCE_BANDS = { usually: 0.5, hardlyEver: 0.1 } as const;
export const MAX_QUESTION_LENGTH = 2000;
export const DEFAULT_PASSAGES = 5;
export const MAX_PASSAGES = 50;

export const knowledgeSearchRequest = z.strictObject({
  query: z
    .string({ error: KNOWLEDGE_MESSAGES.questionRequired })
    .trim()
    .min(1, KNOWLEDGE_MESSAGES.questionRequired)
    .max(MAX_QUESTION_LENGTH, `A question is at most ${MAX_QUESTION_LENGTH} characters long.`),
  k: z.number().int().min(1).max(MAX_PASSAGES).default(DEFAULT_PASSAGES),
  /** Only this document's passages ("Try a question" on its chunks); the server answers 404 for a document that does not exist. */
  document_id: z
    .number({ error: 'The document id must be a whole number.' })
    .int('The document id must be a whole number.')
    .positive('The document id must be a positive whole number.')
    .max(2_147_483_647, 'The document id is too large.')
    .optional(),
});
export type KnowledgeSearchRequest = z.input<typeof knowledgeSearchRequest>;

export const knowledgePassageRow = z.object({
  text: z.string(),
  /** The document's title, or "Inform the Bot" for an approved item. */
  document_title: z.string(),
  source_url: z.string().nullable(),
  /** The page the passage starts on, and the page it ends on (it may run across a page break); null without pages. */
  page: z.number().int().nullable(),
  page_end: z.number().int().nullable(),
  /** The headings the passage sits under, outermost first ("2. How to use bzip2 › 2.4. OPTIONS"); null under none. */
  heading: z.string().nullable(),
  /**
   * The passage's relevance, from 0 to 1 (shown as a percentage): its chance of being the one that answers the
   * question, among those the search found; calibrated on real manuals (docs/bot.md).
   */
  score: z.number().min(0).max(1),
  /** The question's words the passage holds, as typed: why it matched. */
  matched_words: z.array(z.string()),
  document_id: z.number().int().nullable(),
  inform_the_bot_id: z.number().int().nullable(),
});
export type KnowledgePassageRow = z.infer<typeof knowledgePassageRow>;

/** GET /api/document-indexing: what is still being indexed, for the Documents screen (and the evaluation). */
export const documentIndexingRow = z.object({
  /** Documents still being read, cut or embedded: uploads, replacements, the re-indexing after an upgrade. */
  documents_indexing: z.number().int(),
  /** The one-time re-indexing of every document after an upgrade, while it runs; null otherwise. */
  reindex: z.object({ done: z.number().int(), total: z.number().int() }).nullable(),
});
export type DocumentIndexingRow = z.infer<typeof documentIndexingRow>;
