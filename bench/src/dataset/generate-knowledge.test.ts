import { describe, expect, it } from 'vitest';
import { approximateTokenCount } from '@steward/server/knowledge-internals';
import { generateKnowledge } from './generate-knowledge.ts';

const dot = (a: Float32Array, b: Float32Array): number => a.reduce((sum, value, i) => sum + value * (b[i] ?? 0), 0);

describe('generateKnowledge', () => {
  it('is the same for the same seed, and differs for another', () => {
    const first = [...generateKnowledge({ chunks: 300, dimensions: 16, windowTokens: 128 })];
    const again = [...generateKnowledge({ chunks: 300, dimensions: 16, windowTokens: 128 })];
    const other = [...generateKnowledge({ chunks: 300, dimensions: 16, windowTokens: 128, seed: 7 })];
    expect(again).toEqual(first);
    expect(other.map((document) => document.title)).not.toEqual(first.map((document) => document.title));
  });

  it('writes exactly the chunks asked for, numbered from 0 in each document, with pages that never go back', () => {
    const documents = [...generateKnowledge({ chunks: 5_000, dimensions: 8, windowTokens: undefined })];
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
    const [document] = [...generateKnowledge({ chunks: 400, dimensions: 8, windowTokens: undefined, chunksPerDocument: [400, 400] })];
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
    const documents = [...generateKnowledge({ chunks: 2_000, dimensions: 512, windowTokens: undefined })];
    const vectors = documents.map((document) => document.chunks.map((chunk) => chunk.windowEmbeddings));
    for (const windows of vectors.flat()) {
      expect(windows).toHaveLength(1);
      expect(windows[0]).toHaveLength(512);
      expect(dot(windows[0] ?? new Float32Array(), windows[0] ?? new Float32Array())).toBeCloseTo(1, 4);
    }
    const [a, b] = vectors;
    const [a0, a1, b0] = [a?.[0]?.[0], a?.[1]?.[0], b?.[0]?.[0]];
    if (!a0 || !a1 || !b0) throw new Error('expected two documents of two chunks');
    expect(dot(a0, a1)).toBeGreaterThan(0.4);
    expect(dot(a0, b0)).toBeLessThan(dot(a0, a1));
  });

  it('gives a chunk a vector per window of the model, its windows closer to each other than to another chunk\'s', () => {
    const [document] = [...generateKnowledge({ chunks: 200, dimensions: 256, windowTokens: 128, chunksPerDocument: [200, 200] })];
    const chunks = document?.chunks ?? [];
    for (const chunk of chunks) expect(chunk.windowEmbeddings).toHaveLength(Math.max(1, Math.ceil(approximateTokenCount(chunk.text) / 128)));
    const [first, second] = chunks.filter((chunk) => chunk.windowEmbeddings.length >= 2);
    const [w0, w1, other] = [first?.windowEmbeddings[0], first?.windowEmbeddings[1], second?.windowEmbeddings[0]];
    if (!w0 || !w1 || !other) throw new Error('expected two chunks of two windows');
    expect(dot(w0, w0)).toBeCloseTo(1, 4);
    expect(dot(w0, w1)).toBeGreaterThan(dot(w0, other));
  });
});
