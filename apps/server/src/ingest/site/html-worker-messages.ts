import type { HtmlPage } from './html-page.ts';

/** A page to read, by id (several may be out at once). */
export interface HtmlWorkerRequest {
  id: number;
  bytes: Uint8Array;
  contentType: string;
  url: string;
}

/** The page read (its links as strings: a URL does not cross threads), or why it could not be. */
export type HtmlWorkerReply = { id: number; page: Omit<HtmlPage, 'links'> & { links: string[] }; error?: undefined } | { id: number; error: string; page?: undefined };
