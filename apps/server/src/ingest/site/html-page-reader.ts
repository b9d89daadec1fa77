import type { Worker } from 'node:worker_threads';
import { startWorker } from '../start-worker.ts';
import type { HtmlPage } from './html-page.ts';
import type { HtmlWorkerReply } from './html-worker-messages.ts';

/**
 * readHtmlPage on a thread of its own (html-worker.ts): one for the process, started on the first page and let go
 * (unref'd) while no page is out, so it never holds the process open. A thread that dies fails the pages it had,
 * and the next page starts a new one.
 */
let worker: Worker | undefined;
let nextId = 0;
const pending = new Map<number, { resolve: (page: HtmlPage) => void; reject: (error: Error) => void }>();

function failAll(error: Error): void {
  for (const { reject } of pending.values()) reject(error);
  pending.clear();
  worker = undefined;
}

function theWorker(): Worker {
  if (worker) return worker;
  const started = startWorker('html-worker');
  started.on('message', (reply: HtmlWorkerReply) => {
    const waiting = pending.get(reply.id);
    if (!waiting) return;
    pending.delete(reply.id);
    if (pending.size === 0) started.unref();
    if (reply.page) waiting.resolve({ ...reply.page, links: reply.page.links.map((link) => new URL(link)) });
    else waiting.reject(new Error(`The page could not be read: ${reply.error ?? 'unknown error'}`));
  });
  started.on('error', (error) => failAll(error));
  started.on('exit', (code) => {
    if (worker === started) failAll(new Error(`The page reading thread stopped (exit code ${code}).`));
  });
  worker = started;
  return started;
}

export function readHtmlPageOffThread(bytes: Uint8Array, contentType: string, url: URL): Promise<HtmlPage> {
  const thread = theWorker();
  const id = (nextId += 1);
  thread.ref();
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    thread.postMessage({ id, bytes, contentType, url: url.href });
  });
}
