import { WIDGET_APPEARANCE_DEFAULTS, type WidgetAppearance } from '@steward/contract/chat-constants';

/** What the embedding site's <script> tag says: where the Steward server is, and the widget's texts. */
export interface WidgetSettings {
  /** The Steward server's base URL, ending in "/": the folder the script was loaded from. */
  serverBase: string;
  /** The base of the chat calls: `${serverBase}api/chat/`. */
  apiBase: string;
  title: string;
  greeting: string;
  /** The tag set these itself (data-title, data-greeting): they win over Bot Settings for that page. */
  titleFromTag: boolean;
  greetingFromTag: boolean;
}

export const DEFAULT_TITLE = WIDGET_APPEARANCE_DEFAULTS.title;
export const DEFAULT_GREETING = WIDGET_APPEARANCE_DEFAULTS.greeting;
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
  const fromTag = (name: string) => {
    const value = script instanceof HTMLScriptElement ? script.dataset[name]?.trim() : undefined;
    return value ? value.slice(0, MAX_TEXT) : undefined;
  };
  const title = fromTag('title');
  const greeting = fromTag('greeting');
  return {
    serverBase,
    apiBase: new URL('api/chat/', serverBase).href,
    title: title ?? DEFAULT_TITLE,
    greeting: greeting ?? DEFAULT_GREETING,
    titleFromTag: title !== undefined,
    greetingFromTag: greeting !== undefined,
  };
}

/** The widget's look: Bot Settings' (the appearance call), except the texts the tag set itself. */
export function mergeAppearance(settings: WidgetSettings, saved: Partial<WidgetAppearance>): WidgetAppearance {
  return {
    title: settings.titleFromTag ? settings.title : (saved.title ?? settings.title),
    greeting: settings.greetingFromTag ? settings.greeting : (saved.greeting ?? settings.greeting),
    accent_color: saved.accent_color ?? WIDGET_APPEARANCE_DEFAULTS.accent_color,
    suggested_questions: (saved.suggested_questions ?? []).slice(0, 4),
  };
}
