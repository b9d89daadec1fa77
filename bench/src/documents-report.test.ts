import { describe, expect, it } from 'vitest';
import {
  type IngestionResults,
  type RetrievalResults,
  ingestionMarkdown,
  ingestionSummary,
  percentile,
  rates,
  retrievalMarkdown,
  verdict,
} from './documents-report.ts';
import type { Measurement } from './measure.ts';

const measured = (p50: number, p99 = p50 * 2): Measurement => ({ p50, p99, max: p99 * 2, requestsPerSecond: 100, requests: 1000, timeouts: 0, errors: 0 });

const ingestion: IngestionResults = {
  files: [
    { name: 'big.pdf', bytes: 3_000_000, ok: true, pages: 300, chunks: 600, parseMs: 1500, chunkMs: 100, embedMs: 36_000, indexMs: 1_500, serverMs: 41_000 },
    { name: 'small.pdf', bytes: 1_000_000, ok: true, pages: 10, chunks: 100, parseMs: 400, chunkMs: 0, embedMs: 4_000, indexMs: 500, serverMs: 6_000 },
    { name: 'broken.pdf', bytes: 600, ok: false, reason: 'This PDF is damaged and cannot be read.' },
  ],
  endToEnd: { totalMs: 50_000, uploadMs: 900, registerMs: 100, afterLastJobMs: 200, chunks: 700, failures: [] },
  serverReasons: [{ name: 'broken.pdf', reason: 'This PDF is damaged and cannot be read.' }],
  dashboard: {
    connections: 10,
    phases: [
      { name: 'idle, before', loadAverage: 1, calls: { authenticateUser: measured(5), historyPage1: measured(8) } },
      { name: 'ingesting', loadAverage: 2, calls: { authenticateUser: measured(6, 30), historyPage1: measured(9, 32) } },
      { name: 'idle, after', loadAverage: 1.5, calls: { authenticateUser: measured(5, 20), historyPage1: measured(8, 16) } },
    ],
    ingestion: { documents: 6, bytes: 8_000_000, totalMs: 120_000 },
  },
  loadAverages: { inProcess: 1.5, endToEnd: 2 },
};

describe('percentile', () => {
  it('answers the nearest-rank percentile of unsorted samples', () => {
    expect(percentile([5, 1, 3], 0.5)).toBe(3);
    expect(percentile([4, 1, 3, 2], 0.5)).toBe(2);
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.99)).toBe(10);
    expect(percentile([7], 0.5)).toBe(7);
    expect(() => percentile([], 0.5)).toThrow(RangeError);
  });
});

describe('rates and verdicts', () => {
  it('gives MB (10^6 bytes) and chunks per second of wall time', () => {
    expect(rates(4_000_000, 700, 2_000)).toEqual({ mbPerSecond: 2, chunksPerSecond: 350 });
    expect(rates(1, 1, 0)).toEqual({ mbPerSecond: 0, chunksPerSecond: 0 });
  });

  it('passes a ratio at or under its target only', () => {
    expect(verdict(2, 2)).toBe('PASS');
    expect(verdict(2.01, 2)).toBe('FAIL');
  });
});

describe('ingestionSummary', () => {
  it('counts the readable files only, and compares end to end with parse + chunk', () => {
    const summary = ingestionSummary(ingestion);
    expect(summary.files).toBe(2);
    expect(summary.bytes).toBe(4_000_000);
    expect(summary.chunks).toBe(700);
    expect(summary.parseMs).toBe(1900);
    expect(summary.chunkMs).toBe(100);
    expect(summary.ratio).toBe(25);
    expect(summary.embedShare).toBeCloseTo(40 / 44);
    expect(summary.embedMs).toBe(40_000);
    expect(summary.indexMs).toBe(2_000);
    expect(summary.inProcessMs).toBe(44_000);
    expect(summary.serverMs).toBe(47_000);
    expect(summary.endToEnd.mbPerSecond).toBeCloseTo(0.08);
    expect(summary.endToEnd.chunksPerSecond).toBeCloseTo(14);
  });
});

describe('the markdown', () => {
  it('states the ingestion ratio against its target, the refusals and the dashboard under load', () => {
    const text = ingestionMarkdown(ingestion);
    expect(text).toContain('End to end ÷ parse-only (parse + chunk): 25.00× (target ≤ 2×): FAIL.');
    expect(text).toContain('| broken.pdf | 600 B | refused: This PDF is damaged and cannot be read. | | | | | | |');
    expect(text).toContain('| big.pdf | 3,000,000 B | 300 | 600 | 1500 | 100 | 36000 | 1500 | 41000 |');
    expect(text).toContain('| the server\'s ingestion jobs, one after the other (jobs table: pick-up, reading the original, parse, chunk, embed, write) | 47.0 s | 94 % |');
    expect(text).toContain('broken.pdf → "This PDF is damaged and cannot be read."');
    expect(text).toContain('| GET /api/all-history: page 1 | ingesting | 2.0 | 9.0 | 32 | 64 | 100 |');
    // (10 + 20) / 2 = 15 idle; 30 ingesting.
    expect(text).toContain('p99 of authenticate-user while ingesting ÷ idle (the mean of before and after): 2.00×.');
    expect(text).toContain('p99 of history page 1 while ingesting ÷ idle (the mean of before and after): 2.00×.');
  });

  it('states the retrieval ratio for every number of connections', () => {
    const retrieval: RetrievalResults = {
      knowledge: { documents: 600, chunks: 100_000, windows: 260_000, averageChars: 1050, loadMs: 90_000, vectorIndexMs: 60_000, model: 'universal-sentence-encoder-lite', dimensions: 512 },
      questions: 8,
      loadAverage: 1.2,
      runs: [
        { connections: 50, historyPage1: measured(100), search: measured(250) },
        { connections: 1, historyPage1: measured(3), search: measured(60) },
      ],
      breakdown: { queryEmbeddingP50Ms: 20, databaseSearchP50Ms: 40, fullTextOnlyP50Ms: 30, vectorOnlyP50Ms: 8, fullTextMatches: [10_000, 14_690], rankedMatches: 500, windowCandidates: 100, vectorCandidates: 41, usesVectorIndex: true },
    };
    const text = retrievalMarkdown(retrieval);
    expect(text).toContain('at 50 connections: 2.50× (target ≤ 3×): PASS.');
    expect(text).toContain('at 1 connection: 20.00× (target ≤ 3×): FAIL.');
    expect(text).toContain('scans the HNSW index for the 100 nearest windows (ef_search raised to as many), which gave 41 chunks of the 50 it asks for.');
    expect(text).toContain('100,000 generated chunks (600 manuals, 1050 characters on average) with 260,000 512-number vectors, one per window the model reads');
    expect(text).toContain('12,345 per question on average (10,000–14,690)');
  });
});
