// The PDF reading process: reads one PDF (its bytes on stdin) and answers once over the IPC channel, then
// exits. It runs under the operating system's address-space and processor-time limits (start-worker.ts, startProcess), with
// the inflate guard installed before pdf.js loads, so a file that swells or loops ends this process only.
import { installInflateGuard } from './inflate-guard.ts';
import type { PdfWorkerMessage, PdfWorkerSettings } from './pdf-worker-messages.ts';

const post = (message: PdfWorkerMessage): Promise<void> =>
  new Promise((resolve) => {
    if (!process.send) return resolve();
    process.send(message, undefined, undefined, () => resolve());
  });

const describe = (error: unknown): string => (error instanceof Error ? `${error.name}: ${error.message}` : String(error));

async function readStdin(): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const whole = Buffer.concat(chunks);
  // pdf.js takes a plain Uint8Array, not a Buffer: the same memory, seen as one.
  return new Uint8Array(whole.buffer, whole.byteOffset, whole.byteLength);
}

async function main(): Promise<void> {
  const settings = JSON.parse(process.env.STEWARD_PDF_SETTINGS ?? '{}') as PdfWorkerSettings;
  const bytes = await readStdin();
  const guard = installInflateGuard(settings.inflateMb * 1024 * 1024);
  // pdf.js is loaded after the guard, so every buffer it makes goes through it.
  const { countPdfPages } = await import('./pdf-page-count.ts');
  const { extractPdfText } = await import('./pdf-text.ts');
  await post({ type: 'ready' });
  const pages = await countPdfPages(bytes);
  if (pages !== undefined && pages > settings.maxPages) return post({ type: 'too-many-pages', pages });
  const outcome = await extractPdfText(bytes);
  // A refused buffer means text is missing, whatever pdf.js made of the rest: the file is refused whole.
  await post(guard.tripped ? { type: 'expands' } : { type: 'done', outcome });
}

main().then(
  () => process.exit(0),
  async (error: unknown) => {
    await post({ type: 'failed', detail: describe(error) });
    process.exit(1);
  },
);
