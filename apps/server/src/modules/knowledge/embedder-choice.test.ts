import { describe, expect, it } from 'vitest';
import { type EmbedderChoice, embedderChange, sameEmbedder } from './embedder-choice.ts';

const builtIn: EmbedderChoice = { kind: 'built_in' };
const api = (model: string, key: string | null = null, baseUrl = 'https://api.example.com/v1'): EmbedderChoice => ({ kind: 'api', base_url: baseUrl, model, sealed_key: key });

describe('the embedder generation rules', () => {
  it('tells embedders apart by kind, base URL and model, never by key', () => {
    expect(sameEmbedder(builtIn, { kind: 'built_in' })).toBe(true);
    expect(sameEmbedder(api('small', 's1.a'), api('small', 's1.b'))).toBe(true);
    expect(sameEmbedder(api('small'), api('large'))).toBe(false);
    expect(sameEmbedder(api('small'), api('small', null, 'https://other.example.com/v1'))).toBe(false);
    expect(sameEmbedder(api('small'), builtIn)).toBe(false);
  });

  it('builds for a new embedder, goes on with the one being built, cancels the build for the active one', () => {
    expect(embedderChange(builtIn, builtIn, undefined)).toBe('none');
    expect(embedderChange(api('small', 's1.new'), api('small'), undefined)).toBe('none');
    expect(embedderChange(api('small'), builtIn, undefined)).toBe('build');
    expect(embedderChange(api('small'), builtIn, api('small'))).toBe('none');
    expect(embedderChange(api('large'), builtIn, api('small'))).toBe('build');
    expect(embedderChange(builtIn, builtIn, api('small'))).toBe('cancel-build');
    // npm run reindex's rebuild of the active embedder is not a build to cancel when the active one is chosen.
    expect(embedderChange(builtIn, builtIn, builtIn)).toBe('none');
    expect(embedderChange(api('small', 's1.new'), api('small'), api('small'))).toBe('none');
    expect(embedderChange(api('large'), api('small'), api('small'))).toBe('build');
  });
});
