import { describe, expect, it } from 'vitest';
import { DEFAULT_GREETING, DEFAULT_TITLE, mergeAppearance, ownScriptElement, readWidgetSettings } from './script-settings.ts';

const scriptTag = (src: string, data: Record<string, string> = {}) => {
  const script = document.createElement('script');
  script.src = src;
  Object.assign(script.dataset, data);
  return script;
};

describe('readWidgetSettings', () => {
  it('finds the server from the script address, under a path prefix too', () => {
    expect(readWidgetSettings(scriptTag('https://steward.example.com/widget.js'), 'https://shop.example.com/')).toMatchObject({
      serverBase: 'https://steward.example.com/',
      apiBase: 'https://steward.example.com/api/chat/',
      title: DEFAULT_TITLE,
      greeting: DEFAULT_GREETING,
    });
    expect(readWidgetSettings(scriptTag('https://example.com/steward/widget.js?v=2'), 'https://shop.example.com/').apiBase).toBe(
      'https://example.com/steward/api/chat/',
    );
  });

  it('takes the title and greeting from data attributes, trimmed and bounded', () => {
    const settings = readWidgetSettings(scriptTag('https://s.example.com/widget.js', { title: ' Ask Acme ', greeting: 'g'.repeat(500) }), 'https://x.example/');
    expect(settings.title).toBe('Ask Acme');
    expect(settings.greeting).toHaveLength(200);
    expect(readWidgetSettings(scriptTag('https://s.example.com/widget.js', { title: '  ' }), 'https://x.example/').title).toBe(DEFAULT_TITLE);
  });

  it('falls back to the page itself without a script element', () => {
    expect(readWidgetSettings(null, 'https://steward.example.com/demo').apiBase).toBe('https://steward.example.com/api/chat/');
  });
});

describe('ownScriptElement', () => {
  it('finds the widget script by its address when document.currentScript is gone', () => {
    document.head.append(scriptTag('https://cdn.example.com/app.js'), scriptTag('https://steward.example.com/widget.js?v=3'));
    expect(document.currentScript).toBeNull();
    expect((ownScriptElement() as HTMLScriptElement).src).toBe('https://steward.example.com/widget.js?v=3');
  });
});

describe('mergeAppearance', () => {
  const saved = { title: 'Ask the shop', greeting: 'Hello from the shop', accent_color: '#7a2e9c', suggested_questions: ['a?', 'b?', 'c?', 'd?', 'e?'] };

  it("takes Bot Settings' look where the tag sets nothing, at most four suggestions", () => {
    const look = mergeAppearance(readWidgetSettings(scriptTag('https://s.example.com/widget.js'), 'https://x.example/'), saved);
    expect(look).toEqual({ title: 'Ask the shop', greeting: 'Hello from the shop', accent_color: '#7a2e9c', suggested_questions: ['a?', 'b?', 'c?', 'd?'] });
  });

  it("keeps the tag's own data-title and data-greeting for its page", () => {
    const settings = readWidgetSettings(scriptTag('https://s.example.com/widget.js', { title: 'Ask Acme', greeting: 'Hi from Acme' }), 'https://x.example/');
    expect(mergeAppearance(settings, saved)).toMatchObject({ title: 'Ask Acme', greeting: 'Hi from Acme', accent_color: '#7a2e9c' });
  });

  it('falls back to the defaults when the call answered nothing', () => {
    const settings = readWidgetSettings(scriptTag('https://s.example.com/widget.js'), 'https://x.example/');
    expect(mergeAppearance(settings, {})).toEqual({ title: DEFAULT_TITLE, greeting: DEFAULT_GREETING, accent_color: '#0b57b0', suggested_questions: [] });
  });
});
