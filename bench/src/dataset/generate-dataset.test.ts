import { describe, expect, it } from 'vitest';
import { generateSessions } from './generate-dataset.ts';

const NOW = new Date('2026-11-21T10:00:00Z');

describe('generateSessions', () => {
  it('is the same for the same seed, and differs for another', () => {
    const first = [...generateSessions({ historyRows: 500, now: NOW })];
    const again = [...generateSessions({ historyRows: 500, now: NOW })];
    const other = [...generateSessions({ historyRows: 500, now: NOW, seed: 7 })];
    expect(again).toEqual(first);
    expect(other).not.toEqual(first);
  });

  it('writes exactly the rows asked for, in sessions of 1–9 exchanges over 13 months before now', () => {
    const sessions = [...generateSessions({ historyRows: 20_000, now: NOW })];
    const exchanges = sessions.flatMap((session) => session.exchanges);
    expect(exchanges).toHaveLength(20_000);
    expect(sessions.length).toBeGreaterThan(3_600);
    expect(sessions.length).toBeLessThan(4_400);
    expect(new Set(sessions.map((session) => session.sessionId)).size).toBe(sessions.length);
    for (const session of sessions) expect(session.exchanges.length).toBeLessThanOrEqual(9);
    const times = exchanges.flatMap((exchange) => [exchange.time.getTime(), exchange.feedback?.time.getTime() ?? 0]);
    expect(Math.max(...times)).toBeLessThan(NOW.getTime());
    const earliest = Math.min(...exchanges.map((exchange) => exchange.time.getTime()));
    expect(earliest).toBeGreaterThanOrEqual(Date.parse('2025-10-21T10:00:00Z'));
    expect(earliest).toBeLessThan(Date.parse('2025-10-23T00:00:00Z'));
    // Every month of the 13 holds sessions, up to the last days before now.
    const months = new Set(sessions.map((session) => session.exchanges[0]?.time.toISOString().slice(0, 7)));
    expect(months.size).toBe(14); // Oct 2025 (from the 21st) … Nov 2026
    expect(Math.max(...times)).toBeGreaterThan(NOW.getTime() - 3 * 86_400_000);
  });

  it('gives about one answer in eight feedback, mostly up, with reasons on down ratings, and some help requests', () => {
    const sessions = [...generateSessions({ historyRows: 20_000, now: NOW })];
    const feedback = sessions.flatMap((session) => session.exchanges.flatMap((exchange) => (exchange.feedback ? [exchange.feedback] : [])));
    expect(feedback.length / 20_000).toBeGreaterThan(0.1);
    expect(feedback.length / 20_000).toBeLessThan(0.15);
    const down = feedback.filter((item) => item.rating === 'down');
    expect(down.length / feedback.length).toBeGreaterThan(0.2);
    expect(down.length / feedback.length).toBeLessThan(0.4);
    expect(down.every((item) => item.reason.length > 0)).toBe(true);
    const helpRequests = sessions.filter((session) => session.helpRequest);
    expect(helpRequests.length).toBeGreaterThan(30);
    const first = sessions[0]?.exchanges[0];
    expect(first?.apiResponse).toMatch(/^<p>/);
    expect(first?.sourceDocs[0]?.metadata.source_url).toMatch(/^https:\/\//);
  });
});
