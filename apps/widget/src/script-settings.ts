/** What the embedding site's <script> tag says: where the Steward server is, and the widget's texts. */
export interface WidgetSettings {
  /** The Steward server's base URL, ending in "/": the folder the script was loaded from. */
  serverBase: string;
  /** The base of the chat calls: `${serverBase}api/chat/`. */
  apiBase: string;
  title: string;
  greeting: string;
}

export const DEFAULT_TITLE = 'Chat with us';
export const DEFAULT_GREETING = 'Hi! Ask me anything about our products and services.';
const MAX_TEXT = 200;

/**
 * The widget's own script element: document.currentScript while the script first runs (deferred or
 * not, inserted by another script too); failing that (loaded as a module, say), the page's first
 * script whose address ends in /widget.js.
 */
export function ownScriptElement(doc: Document = document): HTMLOrSVGScriptElement | null {
  return doc.currentScript ?? Array.from(doc.scripts).find((script) => /\/widget\.js(\?|#|$)/.test(script.src)) ?? null;
}

/** Reads the settings from the widget's script element: `src` gives the server; `data-title` and `data-greeting` set the texts. */
export function readWidgetSettings(script: HTMLOrSVGScriptElement | null, pageUrl: string): WidgetSettings {
  const src = script instanceof HTMLScriptElement && script.src ? script.src : pageUrl;
  const serverBase = new URL('.', src).href;
  const text = (name: string, fallback: string) => {
    const value = script instanceof HTMLScriptElement ? script.dataset[name]?.trim() : undefined;
    return value ? value.slice(0, MAX_TEXT) : fallback;
  };
  return {
    serverBase,
    apiBase: new URL('api/chat/', serverBase).href,
    title: text('title', DEFAULT_TITLE),
    greeting: text('greeting', DEFAULT_GREETING),
  };
}
