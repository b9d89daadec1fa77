import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../config.ts';
import { createMailTransport } from './mail-transport.ts';
import { findOutboxMailsAbout } from './outbox.ts';

/**
 * The erasure's outbox search reads a mail's raw text before parsing it (parsing every mail of a large outbox took
 * seconds); these mails, written by the real outbox transport, hide the address in each way a mail can.
 */
describe('the outbox mails about a visitor', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'steward-outbox-search-'));
  const visitor = 'vera.visitor+shop@example.com';
  const sent: Record<string, string> = {};

  beforeAll(async () => {
    const log = { info: () => undefined } as unknown as FastifyBaseLogger;
    const transport = createMailTransport(readConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'https://dash.example.com' }), log);
    const write = async (key: string, to: string, subject: string, text: string) => {
      const before = new Set(fs.readdirSync(path.join(dataDir, 'outbox'), { withFileTypes: false }).map(String));
      await transport.send({ to, subject, text, html: `<p>${text}</p>` });
      const added = fs.readdirSync(path.join(dataDir, 'outbox')).find((name) => !before.has(name));
      if (!added) throw new Error(`No outbox file for ${key}.`);
      sent[key] = added;
    };
    fs.mkdirSync(path.join(dataDir, 'outbox'), { recursive: true });
    await write('to them', visitor, 'Re: my parcel', 'Your parcel is on its way.');
    // A line long enough that quoted-printable breaks it with a soft line break inside the address.
    await write('folded', 'staff@example.com', 'New help request', `${'x'.repeat(60)} ${visitor} asked for help.`);
    await write('encoded subject', 'staff@example.com', `Hilfe für ${visitor}`, 'Ein Besucher braucht Hilfe.');
    await write('inside another', 'staff@example.com', 'Another visitor', `Write to x${visitor} or ${visitor}.au today.`);
    await write('unrelated', 'staff@example.com', 'Someone else', 'ann@example.com asked for help.');
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('finds the mails to the address or quoting it whole, however the mail encodes it, and no other', async () => {
    const found = await findOutboxMailsAbout(dataDir, [visitor.toUpperCase()]);
    expect(found.sort()).toEqual([sent['to them'], sent.folded, sent['encoded subject']].sort());
  });

  it('finds none for an address no mail holds', async () => {
    expect(await findOutboxMailsAbout(dataDir, ['nobody@example.com'])).toEqual([]);
  });
});
