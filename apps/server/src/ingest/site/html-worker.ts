// The web page reading thread: parses pages (linkedom, Readability) off the main thread, where a 2 MB page held
// the event loop for about 1.8 s (and, on the embedded database, every request with it). Started by html-page-reader.ts.
import { parentPort } from 'node:worker_threads';
import { readHtmlPage } from './html-page.ts';
import type { HtmlWorkerReply, HtmlWorkerRequest } from './html-worker-messages.ts';

parentPort?.on('message', (request: HtmlWorkerRequest) => {
  let reply: HtmlWorkerReply;
  try {
    const page = readHtmlPage(request.bytes, request.contentType, new URL(request.url));
    reply = { id: request.id, page: { ...page, links: page.links.map((link) => link.href) } };
  } catch (error) {
    reply = { id: request.id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(reply);
});
