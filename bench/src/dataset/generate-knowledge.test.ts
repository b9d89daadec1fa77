import { describe, expect, it } from 'vitest';
import { approximateTokenCount } from '../../../apps/server/src/ingest/token-count.ts';
import { generateKnowledge } from './generate-knowledge.ts';

const dot = (a: Float32Array, b: Float32Array): number => a.reduce((sum, value, i) => sum + value * (b[i] ?? 0), 0);

describe('generateKnowledge', () => {
  it('is the same for the same seed, and differs for another', () => {
    const first = [...generateKnowledge({ chunks: 300, dimensions: 16 })];
    const again = [...generateKnowledge({ chunks: 300, dimensions: 16 })];
    const other = [...generateKnowledge({ chunks: 300, dimensions: 16, seed: 7 })];
    expect(again).toEqual(first);
    expect(other.map((document) => document.title)).not.toEqual(first.map((document) => document.title));
  });

  it('writes exactly the chunks asked for, numbered from 0 in each document, with pages that never go back', () => {
    const documents = [...generateKnowledge({ chunks: 5_000, dimensions: 8 })];
    expect(documents.flatMap((document) => document.chunks)).toHaveLength(5_000);
    for (const document of documents) {
      expect(document.chunks.length).toBeGreaterThan(0);
      expect(document.chunks.length).toBeLessThanOrEqual(300);
      expect(document.chunks.map((chunk) => chunk.index)).toEqual(document.chunks.map((_, i) => i));
      const pages = document.chunks.map((chunk) => chunk.page);
      expect([...pages].sort((a, b) => a - b)).toEqual(pages);
      expect(document.sourceUrl).toMatch(/^https:\/\/support\.acme-home\.example\/manuals\/.+\.pdf$/);
      expect(document.filename).toMatch(/\.pdf$/);
    }
    // All but the last document are 20–300 chunks long (the last takes what is left).
    expect(documents.slice(0, -1).every((document) => document.chunks.length >= 20)).toBe(true);
    expect(new Set(documents.map((document) => document.title)).size).toBeGreaterThan(documents.length * 0.8);
  });

  it('makes chunks of the chunker’s size, of product-manual prose that names the model', () => {
    const [document] = [...generateKnowledge({ chunks: 400, dimensions: 8, chunksPerDocument: [400, 400] })];
    const chunks = document?.chunks ?? [];
    expect(chunks).toHaveLength(400);
    const tokens = chunks.map((chunk) => approximateTokenCount(chunk.text));
    expect(Math.max(...tokens)).toBeLessThanOrEqual(400);
    expect(Math.min(...tokens)).toBeGreaterThan(60);
    const average = tokens.reduce((sum, count) => sum + count, 0) / tokens.length;
    expect(average).toBeGreaterThan(200);
    expect(average).toBeLessThan(330);
    const model = document?.title.split(' – ')[0] ?? '';
    expect(chunks.filter((chunk) => chunk.text.includes(model)).length).toBeGreaterThan(300);
    expect(chunks.every((chunk) => chunk.text.trim() === chunk.text && !chunk.text.includes('{'))).toBe(true);
    expect(chunks.some((chunk) => chunk.text.includes('\n\n'))).toBe(true);
  });

  it('gives unit vectors of the asked length, closer within a document than across documents', () => {
    const documents = [...generateKnowledge({ chunks: 2_000, dimensions: 512 })];
    const vectors = documents.map((document) => document.chunks.map((chunk) => chunk.embedding));
    for (const vector of vectors.flat()) {
      expect(vector).toHaveLength(512);
      expect(dot(vector, vector)).toBeCloseTo(1, 4);
    }
    const [a, b] = vectors;
    if (!a?.[0] || !a[1] || !b?.[0]) throw new Error('expected two documents of two chunks');
    expect(dot(a[0], a[1])).toBeGreaterThan(0.4);
    expect(dot(a[0], b[0])).toBeLessThan(dot(a[0], a[1]));
  });
});
