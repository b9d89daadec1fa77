import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { QUEUE_REINDEX_JOBS } from '../../db/migrations/2200-knowledge-sections.ts';
import { pdfOptionHyphens } from '../../db/migrations/3000-pdf-option-hyphens.ts';
import { textNumberedHeadings } from '../../db/migrations/3730-text-numbered-headings.ts';
import { faqReading } from '../../db/migrations/3760-faq-reading.ts';
import { numberedContents } from '../../db/migrations/3770-numbered-contents.ts';
import { faqTitleForms } from '../../db/migrations/3780-faq-title-forms.ts';
import { textMarkup } from '../../db/migrations/3790-text-markup.ts';
import { manualPageSections } from '../../db/migrations/3820-manual-page-sections.ts';
import { buildTestPdf } from '../../test/test-pdfs.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import { addDocument } from '../../test/document-upload.ts';
import { runAllJobs } from '../../test/run-jobs.ts';
import { testAppWithAdmin } from '../../test/admin-test-app.ts';
import { searchKnowledge } from '../knowledge/knowledge-search.ts';
import { DOCUMENT_REINDEX_QUEUE } from './document-ingestion-queue.ts';

const MANUAL = 'Kettle manual\n=============\n\nDescaling\n---------\n\nDescale the kettle with citric acid once a month.\n\nWarranty\n--------\n\nThe kettle has a two-year warranty.';

const suite = testAppWithAdmin();

const chunks = (documentId: number) =>
  sqlRows<{ heading: string | null; content: string }>(suite.app.db, sql`SELECT heading, content FROM knowledge_chunks WHERE document_id = ${documentId} ORDER BY chunk_index`);
const indexing = async () => (await suite.admin.get('/api/document-indexing')).body.data?.rows[0];

describe('the re-indexing of every document after the upgrade to sections (migration 2200)', () => {
  it('queues a job per indexed document, answers from the old chunks until the new ones are in, and shows its progress', async () => {
    const documentId = await addDocument(suite.admin, { name: 'kettle.txt', bytes: MANUAL, title: 'Kettle', sourceUrl: 'https://shop.example.com/kettle' });
    await runAllJobs(suite.app);
    expect(await chunks(documentId)).toEqual([
      { heading: 'Kettle manual › Descaling', content: 'Descale the kettle with citric acid once a month.' },
      { heading: 'Kettle manual › Warranty', content: 'The kettle has a two-year warranty.' },
    ]);
    expect(await indexing()).toEqual({ documents_indexing: 0, reindex: null });

    // As an older version indexed it: one chunk of the whole page, headings and all, and no heading of its own.
    await suite.app.db.execute(sql`DELETE FROM knowledge_chunks WHERE document_id = ${documentId}`);
    await suite.app.db.execute(sql`INSERT INTO knowledge_chunks (document_id, chunk_index, page, content) VALUES (${documentId}, 0, NULL, ${MANUAL})`);
    await suite.app.db.execute(sql.raw(QUEUE_REINDEX_JOBS));
    expect(await sqlRows(suite.app.db, sql`SELECT payload FROM jobs WHERE queue = ${DOCUMENT_REINDEX_QUEUE} AND status = 'queued'`)).toHaveLength(1);
    expect(await indexing()).toEqual({ documents_indexing: 1, reindex: { done: 0, total: 1 } });
    const [before] = await searchKnowledge(suite.app.db, { query: 'two-year warranty', k: 1 });
    expect(before?.text).toBe(MANUAL);

    await runAllJobs(suite.app);
    expect(await chunks(documentId)).toHaveLength(2);
    expect(await indexing()).toEqual({ documents_indexing: 0, reindex: null });
    const [after] = await searchKnowledge(suite.app.db, { query: 'two-year warranty', k: 1 });
    expect(after).toMatchObject({ text: 'The kettle has a two-year warranty.', heading: 'Kettle manual › Warranty' });
    // The document itself did not change.
    expect((await suite.admin.get('/api/documents/0')).body.data?.rows.find((row) => row.id === documentId)).toMatchObject({ status: 'completed', error: null });
  });

  it('leaves a document that was replaced or deleted meanwhile, and queues nothing for one in error', async () => {
    const documentId = await addDocument(suite.admin, { name: 'gone.txt', bytes: 'Short text.', title: 'Gone', sourceUrl: 'https://shop.example.com/gone' });
    await runAllJobs(suite.app);
    await suite.app.db.execute(sql.raw(QUEUE_REINDEX_JOBS));
    await suite.app.db.execute(sql`DELETE FROM documents WHERE id = ${documentId}`);
    await runAllJobs(suite.app);
    expect(await sqlRows(suite.app.db, sql`SELECT status FROM jobs WHERE queue = ${DOCUMENT_REINDEX_QUEUE} AND (payload->>'documentId')::int = ${documentId}`)).toEqual([{ status: 'done' }]);
    await suite.app.db.execute(sql`UPDATE documents SET status = 'error'`);
    const queued = await sqlRows<{ count: number | string }>(suite.app.db, sql`SELECT count(*) FROM jobs WHERE queue = ${DOCUMENT_REINDEX_QUEUE}`);
    await suite.app.db.execute(sql.raw(QUEUE_REINDEX_JOBS));
    expect(await sqlRows(suite.app.db, sql`SELECT count(*) FROM jobs WHERE queue = ${DOCUMENT_REINDEX_QUEUE}`)).toEqual(queued);
  });
});

describe('the re-indexing of every PDF after the upgrade that keeps options\' hyphens (migration 3000)', () => {
  it('queues a job per indexed PDF and none for a text file, and the PDF stays indexed', async () => {
    await suite.app.db.execute(sql`DELETE FROM jobs`);
    const pdfId = await addDocument(suite.admin, { name: 'valve.pdf', bytes: buildTestPdf(['Open the valve with --open-valve=yes.']), title: 'Valve', sourceUrl: 'https://shop.example.com/valve' });
    const textId = await addDocument(suite.admin, { name: 'pump.txt', bytes: 'Prime the pump first.', title: 'Pump', sourceUrl: 'https://shop.example.com/pump' });
    await runAllJobs(suite.app);
    await suite.app.db.execute(sql.raw(pdfOptionHyphens.sql));
    const queued = await sqlRows<{ id: number }>(suite.app.db, sql`SELECT (payload->>'documentId')::int AS id FROM jobs WHERE queue = ${DOCUMENT_REINDEX_QUEUE} AND status = 'queued'`);
    expect(queued.map((row) => row.id)).toEqual([pdfId]);
    expect(queued.map((row) => row.id)).not.toContain(textId);
    await runAllJobs(suite.app);
    const [passage] = await searchKnowledge(suite.app.db, { query: 'open the valve', k: 1 });
    expect(passage?.text).toContain('--open-valve=yes');
    expect(await indexing()).toEqual({ documents_indexing: 0, reindex: null });
  });
});

describe('the re-indexing of every text file after the upgrade that reads numbered titles (migration 3730)', () => {
  it('queues a job per indexed text file and none for a PDF, and the text file is then read in its sections', async () => {
    await suite.app.db.execute(sql`DELETE FROM jobs`);
    const manual = ['1.  Filling', '', '1.1.  Water', '', 'Fill it with cold water only.', '', '1.2.  Milk', '', 'Never boil milk in the kettle.'].join('\n');
    const textId = await addDocument(suite.admin, { name: 'filling.txt', bytes: manual, title: 'Filling', sourceUrl: 'https://shop.example.com/filling' });
    const pdfId = await addDocument(suite.admin, { name: 'lid.pdf', bytes: buildTestPdf(['Close the lid before boiling.']), title: 'Lid', sourceUrl: 'https://shop.example.com/lid' });
    await runAllJobs(suite.app);
    // As an older version indexed it: one chunk of the whole text, its titles and all, without a heading.
    await suite.app.db.execute(sql`DELETE FROM knowledge_chunks WHERE document_id = ${textId}`);
    await suite.app.db.execute(sql`INSERT INTO knowledge_chunks (document_id, chunk_index, page, content) VALUES (${textId}, 0, NULL, ${manual})`);
    await suite.app.db.execute(sql.raw(textNumberedHeadings.sql));
    const queued = await sqlRows<{ id: number }>(suite.app.db, sql`SELECT (payload->>'documentId')::int AS id FROM jobs WHERE queue = ${DOCUMENT_REINDEX_QUEUE} AND status = 'queued'`);
    // The earlier tests' text files are queued too.
    expect(queued.map((row) => row.id)).toContain(textId);
    expect(queued.map((row) => row.id)).not.toContain(pdfId);
    await runAllJobs(suite.app);
    expect(await chunks(textId)).toEqual([
      { heading: '1.  Filling › 1.1.  Water', content: 'Fill it with cold water only.' },
      { heading: '1.  Filling › 1.2.  Milk', content: 'Never boil milk in the kettle.' },
    ]);
    expect(await indexing()).toEqual({ documents_indexing: 0, reindex: null });
  });
});

describe('the re-indexing of every text file and FAQ after the upgrade that reads a FAQ\'s list of questions as text (migration 3760)', () => {
  it('queues a job per text file and none for a PDF without questions, and the FAQ then has a section per entry only', async () => {
    await suite.app.db.execute(sql`DELETE FROM jobs`);
    const faq = [
      'Kettle FAQ',
      '',
      '1.1.  How do I descale the kettle?',
      '1.2.  The kettle clicks at the boil.',
      '1.3.  How long is the warranty of',
      '      the kettle?',
      '',
      '1.1. How do I descale the kettle?',
      '',
      'Use citric acid once a month.',
      '',
      '1.2. The kettle clicks at the boil.',
      '',
      'The thermostat switches off.',
      '',
      '1.3. How long is the warranty of the kettle?',
      '',
      'Two years.',
    ].join('\n');
    const faqId = await addDocument(suite.admin, { name: 'kettle-faq.txt', bytes: faq, title: 'Kettle FAQ', sourceUrl: 'https://shop.example.com/kettle-faq' });
    const pdfId = await addDocument(suite.admin, { name: 'lid.pdf', bytes: buildTestPdf(['Close the lid before boiling.']), title: 'Lid', sourceUrl: 'https://shop.example.com/lid' });
    await runAllJobs(suite.app);
    // The listed questions head nothing; each entry's own question (or problem) heads its answer.
    const entries = ['1.1. How do I descale the kettle?', '1.2. The kettle clicks at the boil.', '1.3. How long is the warranty of the kettle?'];
    const headings = async () => (await chunks(faqId)).map((chunk) => chunk.heading);
    expect(await headings()).toEqual([null, ...entries]);
    // As an older version indexed it: a section headed by each listed question, holding the rest of the list.
    await suite.app.db.execute(sql`DELETE FROM knowledge_chunks WHERE document_id = ${faqId}`);
    await suite.app.db.execute(
      sql`INSERT INTO knowledge_chunks (document_id, chunk_index, page, heading, content) VALUES (${faqId}, 0, NULL, '1.1.  How do I descale the kettle?', '1.1.  How do I descale the kettle?\n1.2.  The kettle clicks at the boil.')`,
    );
    await suite.app.db.execute(sql.raw(faqReading.sql));
    const queued = await sqlRows<{ id: number }>(suite.app.db, sql`SELECT (payload->>'documentId')::int AS id FROM jobs WHERE queue = ${DOCUMENT_REINDEX_QUEUE} AND status = 'queued'`);
    expect(queued.map((row) => row.id)).toContain(faqId);
    expect(queued.map((row) => row.id)).not.toContain(pdfId);
    await runAllJobs(suite.app);
    expect(await headings()).toEqual([null, ...entries]);
    expect(await indexing()).toEqual({ documents_indexing: 0, reindex: null });
  });
});

describe("the re-indexing after the upgrade that drops a text's table of contents of numbered titles (migration 3770)", () => {
  it('queues a job per text file, and the FAQ then holds each question once, at its entry', async () => {
    await suite.app.db.execute(sql`DELETE FROM jobs`);
    const questions = ['1.1. How do I descale the kettle?', '1.2. Why does the kettle click?', '1.3. How full may I fill it?', '1.4. Can I boil milk?', '1.5. How long is the warranty?'];
    const answers = ['Use citric acid once a month.', 'The thermostat switches it off.', 'Up to the MAX mark.', 'No, only water.', 'Two years.'];
    const faq = ['Kettle FAQ', '', 'CONTENTS', '', ...questions, '', ...questions.flatMap((question, index) => [question, '', answers[index] ?? '', ''])].join('\n');
    const faqId = await addDocument(suite.admin, { name: 'kettle-contents-faq.txt', bytes: faq, title: 'Kettle FAQ', sourceUrl: 'https://shop.example.com/kettle-contents-faq' });
    await runAllJobs(suite.app);
    const listed = async () => (await chunks(faqId)).map((chunk) => chunk.content).join('\n').split('1.3. How full may I fill it?').length - 1;
    expect(await listed()).toBe(1);
    // As an older version indexed it: the list as text of its own.
    await suite.app.db.execute(sql`INSERT INTO knowledge_chunks (document_id, chunk_index, page, heading, content) VALUES (${faqId}, 99, NULL, NULL, ${['CONTENTS', ...questions].join('\n')})`);
    expect(await listed()).toBe(2);
    await suite.app.db.execute(sql.raw(numberedContents.sql));
    const queued = await sqlRows<{ id: number }>(suite.app.db, sql`SELECT (payload->>'documentId')::int AS id FROM jobs WHERE queue = ${DOCUMENT_REINDEX_QUEUE} AND status = 'queued'`);
    expect(queued.map((row) => row.id)).toContain(faqId);
    await runAllJobs(suite.app);
    expect(await listed()).toBe(1);
    expect((await chunks(faqId)).map((chunk) => chunk.heading)).toEqual([null, ...questions]);
  });
});

describe('the re-indexing after the upgrade that reads titles numbered with a colon and questions ending "?!" (migration 3780)', () => {
  it('queues a job per text file, and their entries then head their sections', async () => {
    await suite.app.db.execute(sql`DELETE FROM jobs`);
    const entries = ['1.1: How do I descale the kettle?', '1.2: Why does the kettle click?', '2.1: How long is the warranty?'];
    const exclaimed = ['1.1. What is the kettle?', '1.2. OK, and what is the lid?!', '1.3. Who makes it?'];
    const faq = ['Kettle FAQ', '', ...entries.flatMap((entry, index) => [entry, '', '', `  Answer ${index + 1}: see the manual.`, ''])].join('\n');
    const faqId = await addDocument(suite.admin, { name: 'kettle-colon-faq.txt', bytes: faq, title: 'Kettle colon FAQ', sourceUrl: 'https://shop.example.com/kettle-colon-faq' });
    const manualId = await addDocument(suite.admin, { name: 'kettle-plain.txt', bytes: MANUAL, title: 'Kettle plain', sourceUrl: 'https://shop.example.com/kettle-plain' });
    const exclaimedText = exclaimed.flatMap((entry) => [entry, '', '    See the manual.', '']).join('\n');
    const exclaimedId = await addDocument(suite.admin, { name: 'kettle-exclaimed-faq.txt', bytes: exclaimedText, title: 'Kettle exclaimed FAQ', sourceUrl: 'https://shop.example.com/kettle-exclaimed' });
    await runAllJobs(suite.app);
    expect((await chunks(faqId)).map((chunk) => chunk.heading)).toEqual([null, ...entries]);
    // As an older version read it: one section, its entries lines of text.
    await suite.app.db.execute(sql`DELETE FROM knowledge_chunks WHERE document_id = ${faqId}`);
    await suite.app.db.execute(sql`INSERT INTO knowledge_chunks (document_id, chunk_index, page, heading, content) VALUES (${faqId}, 0, NULL, NULL, ${faq})`);
    await suite.app.db.execute(sql`DELETE FROM knowledge_chunks WHERE document_id = ${exclaimedId}`);
    await suite.app.db.execute(sql`INSERT INTO knowledge_chunks (document_id, chunk_index, page, heading, content) VALUES (${exclaimedId}, 0, NULL, NULL, ${exclaimedText})`);
    await suite.app.db.execute(sql.raw(faqTitleForms.sql));
    const queued = await sqlRows<{ id: number }>(suite.app.db, sql`SELECT (payload->>'documentId')::int AS id FROM jobs WHERE queue = ${DOCUMENT_REINDEX_QUEUE} AND status = 'queued'`);
    expect(queued.map((row) => row.id)).toEqual(expect.arrayContaining([faqId, exclaimedId, manualId]));
    await runAllJobs(suite.app);
    expect((await chunks(faqId)).map((chunk) => chunk.heading)).toEqual([null, ...entries]);
    expect((await chunks(exclaimedId)).map((chunk) => chunk.heading)).toEqual(exclaimed);
  });
});

describe('the re-indexing after the upgrade that reads AsciiDoc titles and listings (migration 3790)', () => {
  it('queues a job per text file, and an AsciiDoc manual then has a section per title, its listings no titles', async () => {
    await suite.app.db.execute(sql`DELETE FROM jobs`);
    const listing = '------------------------------------------------';
    const manual = ['= Kettle Manual', '', '[[descaling]]', '== Descaling', '', 'Run:', '', listing, '$ kettle --descale', listing, '', '== Warranty', '', 'Two years.'].join('\n');
    const manualId = await addDocument(suite.admin, { name: 'kettle-manual.txt', bytes: manual, title: 'Kettle AsciiDoc manual', sourceUrl: 'https://shop.example.com/kettle-asciidoc' });
    await runAllJobs(suite.app);
    const sections = [
      { heading: 'Kettle Manual › Descaling', content: 'Run:\n\n$ kettle --descale' },
      { heading: 'Kettle Manual › Warranty', content: 'Two years.' },
    ];
    expect(await chunks(manualId)).toEqual(sections);
    // As an older version read it: the listing's line a title between rules.
    await suite.app.db.execute(sql`DELETE FROM knowledge_chunks WHERE document_id = ${manualId}`);
    await suite.app.db.execute(sql`INSERT INTO knowledge_chunks (document_id, chunk_index, page, heading, content) VALUES (${manualId}, 0, NULL, '$ kettle --descale', '== Warranty\n\nTwo years.')`);
    await suite.app.db.execute(sql.raw(textMarkup.sql));
    const queued = await sqlRows<{ id: number }>(suite.app.db, sql`SELECT (payload->>'documentId')::int AS id FROM jobs WHERE queue = ${DOCUMENT_REINDEX_QUEUE} AND status = 'queued'`);
    expect(queued.map((row) => row.id)).toContain(manualId);
    await runAllJobs(suite.app);
    expect(await chunks(manualId)).toEqual(sections);
  });
});

describe('the re-indexing after the upgrade that reads a manual page’s sections (migration 3820)', () => {
  it('queues a job per text file, and a manual page saved as text then has a section per title', async () => {
    await suite.app.db.execute(sql`DELETE FROM jobs`);
    const page = ['KETTLE(1)', '', 'NAME', '       kettle - boil water', '', 'OPTIONS', '       --boil', '              Boil the water once; it is ex‐', '              tracted from the tap,', '              heated and poured.'].join('\n');
    const pageId = await addDocument(suite.admin, { name: 'kettle.txt', bytes: page, title: 'kettle(1) manual page', sourceUrl: 'https://shop.example.com/kettle.1' });
    await runAllJobs(suite.app);
    const sections = [
      { heading: null, content: 'KETTLE(1)' },
      { heading: 'NAME', content: 'kettle - boil water' },
      { heading: 'OPTIONS', content: '--boil\nBoil the water once; it is extracted from the tap,\nheated and poured.' },
    ];
    expect(await chunks(pageId)).toEqual(sections);
    // As an older version read it: no heading at all.
    await suite.app.db.execute(sql`DELETE FROM knowledge_chunks WHERE document_id = ${pageId}`);
    await suite.app.db.execute(sql`INSERT INTO knowledge_chunks (document_id, chunk_index, page, heading, content) VALUES (${pageId}, 0, NULL, NULL, ${page})`);
    await suite.app.db.execute(sql.raw(manualPageSections.sql));
    const queued = await sqlRows<{ id: number }>(suite.app.db, sql`SELECT (payload->>'documentId')::int AS id FROM jobs WHERE queue = ${DOCUMENT_REINDEX_QUEUE} AND status = 'queued'`);
    expect(queued.map((row) => row.id)).toContain(pageId);
    await runAllJobs(suite.app);
    expect(await chunks(pageId)).toEqual(sections);
  });
});
