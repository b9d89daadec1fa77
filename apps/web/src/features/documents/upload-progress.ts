import { UPLOAD_FILES_SHARE, type UPLOAD_PROGRESS_TEXT } from '@steward/contract/documents';

/** Where an upload is: the states of the progress bar (spec sections 2 and 4), or idle before the first. */
export type UploadPhase = 'idle' | keyof typeof UPLOAD_PROGRESS_TEXT;

export interface UploadProgress {
  phase: UploadPhase;
  /** 0 to 100, a whole number. */
  percent: number;
}

export const IDLE: UploadProgress = { phase: 'idle', percent: 0 };
export const WAITING: UploadProgress = { phase: 'waiting', percent: 0 };
/** Registering has no progress of its own: the bar steps just past the files' share. */
export const REGISTERING: UploadProgress = { phase: 'registering', percent: UPLOAD_FILES_SHARE + 1 };
export const COMPLETE: UploadProgress = { phase: 'complete', percent: 100 };

/** Sending files (and fetching URL documents) fills the bar from 0 to its share, 49 %. */
export const sendingFiles = (sentFraction: number): UploadProgress => ({
  phase: 'sendingFiles',
  percent: Math.floor(Math.min(1, Math.max(0, sentFraction)) * UPLOAD_FILES_SHARE),
});

/** A failure keeps the bar where it stopped. */
export const failed = (at: UploadProgress): UploadProgress => ({ phase: 'failed', percent: at.percent });

/** Replacing one file: its bytes fill the files' share, then the server stores and queues it. */
export const replacementProgress = (sentFraction: number): UploadProgress =>
  sentFraction >= 1 ? REGISTERING : sendingFiles(sentFraction);
