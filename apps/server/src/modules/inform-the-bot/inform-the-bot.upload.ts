import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { rowsAnswer } from '@steward/contract/envelope';
import {
  INFORM_THE_BOT_FILE_TYPES,
  INFORM_THE_BOT_MESSAGES,
  informTheBotRow,
  MAX_CONTENT_LENGTH,
  MAX_UPLOAD_FILE_BYTES,
  MAX_UPLOAD_FILES,
} from '@steward/contract/inform-the-bot';
import { canCreateInformation } from '@steward/contract/permissions';
import type { AppContext } from '../../app-context.ts';
import { HttpError } from '../../lib/http-error.ts';
import { readCounter } from '../../lib/list-counters.ts';
import { asUploadError } from '../../lib/multipart-errors.ts';
import { signedInActor } from '../../plugins/access.ts';
import { extensionOf, textOfFile } from './file-text.ts';
import { createInformation, type NewInformation } from './inform-the-bot.actions.ts';
import { presentInformTheBotItem } from './inform-the-bot.presenter.ts';
import { INFORM_THE_BOT_COUNTER } from './inform-the-bot.counters.ts';
import { unsafeTextReason } from '@steward/contract/text-safety';

const MEGABYTES = MAX_UPLOAD_FILE_BYTES / (1024 * 1024);

/**
 * POST /api/inform-the-bot/upload (multipart: an optional `content` field and `files`):
 * the typed content becomes one item, each file's text another, all in one transaction.
 * Multipart parsing is registered in this route's own scope, so JSON routes are untouched.
 */
export async function informTheBotUploadRoute(app: FastifyInstance, { db, config }: AppContext): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: MAX_UPLOAD_FILE_BYTES, files: MAX_UPLOAD_FILES, fields: 5, fieldSize: MAX_CONTENT_LENGTH * 4, parts: MAX_UPLOAD_FILES + 5 },
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/inform-the-bot/upload',
      { config: { access: canCreateInformation }, schema: { response: { 200: rowsAnswer(informTheBotRow) } } },
      async (request) => {
        const actor = signedInActor(request);
        const upload = await readUpload(request);
        const items: NewInformation[] = [];
        if (upload.content !== '') items.push({ content: upload.content, type: 'information' });
        for (const file of upload.files) items.push({ content: await textOfFile(file.filename, file.bytes), type: 'file' });
        if (items.length === 0) throw new HttpError(400, INFORM_THE_BOT_MESSAGES.addContentRequired, 'content');
        const rows = await db.transaction(async (tx) => {
          const created = await createInformation(tx, actor, config, items);
          const totalCount = await readCounter(tx, INFORM_THE_BOT_COUNTER);
          return created.map((item) => presentInformTheBotItem(item, totalCount));
        });
        return { success: true as const, data: { rows } };
      },
    );
  });
}

interface Upload {
  content: string;
  files: { filename: string; bytes: Buffer }[];
}

async function readUpload(request: FastifyRequest): Promise<Upload> {
  if (!request.isMultipart()) throw new HttpError(415, 'Send the content and files as multipart/form-data.');
  const upload: Upload = { content: '', files: [] };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.fieldname !== 'content') continue;
        const content = String(part.value).trim();
        // Multipart fields pass no schema: the same refusal of NUL and lone surrogates as every JSON string.
        const unsafe = unsafeTextReason(content);
        if (unsafe) throw new HttpError(400, unsafe, 'content');
        if (content.length > MAX_CONTENT_LENGTH) throw new HttpError(400, INFORM_THE_BOT_MESSAGES.contentTooLong, 'content');
        upload.content = content;
        continue;
      }
      if (!(INFORM_THE_BOT_FILE_TYPES as readonly string[]).includes(extensionOf(part.filename))) {
        throw new HttpError(400, `File type must be ${INFORM_THE_BOT_FILE_TYPES.join(', ')}: "${part.filename}" is not.`, 'files');
      }
      upload.files.push({ filename: part.filename, bytes: await part.toBuffer() });
    }
  } catch (error) {
    throw asUploadError(error, { fileTooLarge: `Each file must be at most ${MEGABYTES} MB.`, maxFiles: MAX_UPLOAD_FILES });
  }
  return upload;
}
