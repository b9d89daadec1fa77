import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServedSites, serveSites, siteStart } from './eval-sites.ts';
import { DEFAULT_QUESTION_SET, documentName, readQuestionSet, SITES_DIR } from './question-set.ts';
import { readSiteDocument } from './read-document.ts';

let sites: ServedSites;
beforeAll(async () => {
  sites = await serveSites(SITES_DIR);
});
afterAll(() => sites.close());

/** A GET with the path sent as written (fetch would resolve `..` away). */
const rawGet = (origin: string, requestPath: string) =>
  new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
    const { hostname, port } = new URL(origin);
    http
      .get({ hostname, port, path: requestPath }, (response) => {
        let body = '';
        response.setEncoding('utf8').on('data', (part: string) => (body += part));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, type: String(response.headers['content-type']), body }));
      })
      .on('error', reject);
  });

describe("the evaluation's websites", () => {
  it('are the set\'s site folders, each crawled from its start page within its own path', () => {
    const { set, sitesDir } = readQuestionSet(DEFAULT_QUESTION_SET);
    const site = set.documents.find((document) => 'site' in document);
    expect(site && 'site' in site ? siteStart('http://127.0.0.1:1', site) : undefined).toEqual({
      startUrl: 'http://127.0.0.1:1/lynx-help/lynx_help_main.html',
      prefix: '/lynx-help/',
    });
    expect(sitesDir).toBe(SITES_DIR);
    expect(set.answerable.filter((question) => question.document === (site ? documentName(site) : '')).length).toBeGreaterThanOrEqual(15);
  });

  it('are served as a web server serves them: pages as HTML, nothing outside the folder', async () => {
    const page = await rawGet(sites.origin, '/lynx-help/keystrokes/cookie_help.html');
    expect(page.status).toBe(200);
    expect(page.type).toBe('text/html');
    expect(page.body).toContain('Cookie Jar Page');
    expect((await rawGet(sites.origin, '/lynx-help/no-such-page.html')).status).toBe(404);
    expect((await rawGet(sites.origin, '/../README.md')).status).toBe(404);
    expect((await rawGet(sites.origin, '/%2e%2e/README.md')).status).toBe(404);
  });

  it("are read as the server's reader reads them, for the baseline and the answer-shape check", () => {
    const read = readSiteDocument(path.join(SITES_DIR, 'lynx-help'));
    expect(read.text).toContain('Lynx will accept cookies from all domains with no user interaction');
    expect(read.questionsAndHeadings.headings.length).toBeGreaterThan(20);
  });
});
