import { describe, expect, it } from 'vitest';
import { DEFAULT_GREETING, DEFAULT_TITLE, ownScriptElement, readWidgetSettings } from './script-settings.ts';

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
