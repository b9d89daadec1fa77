import type { ChatClient } from '../chat-client.ts';
import { Conversation } from '../conversation.ts';
import type { ConversationStore } from '../conversation-store.ts';
import { conversationView } from './conversation-view.ts';
import { h, uniqueId } from './dom.ts';
import { HELP_TEXTS, helpRequestForm } from './help-request-form.ts';
import { icon } from './icons.ts';
import { WIDGET_CSS } from './styles.ts';
import { textColorOn } from '@steward/contract/chat-constants';

export const WIDGET_TEXTS = {
  close: 'Close chat',
} as const;

/** The element the widget lives in; its name is unlikely to match any rule of the host page. */
export const HOST_TAG = 'steward-chat';

export interface ChatWidgetOptions {
  client: ChatClient;
  store: ConversationStore;
  title: string;
  greeting: string;
  /** Bot Settings' accent (#rrggbb) for the button, the header and the visitor's messages; none: the widget's own. */
  accentColor?: string;
  /** Offered as buttons before the visitor's first question. */
  suggestedQuestions?: readonly string[];
}

export interface ChatWidget {
  host: HTMLElement;
  open(): void;
  close(): void;
}

/**
 * Adds the chat button and its panel to the page, inside its own (open) shadow root. The button opens
 * the panel and focus moves into it; Escape or the close button closes it and focus returns to the button.
 */
export function mountChatWidget(options: ChatWidgetOptions, parent: HTMLElement = document.body): ChatWidget {
  const host = document.createElement(HOST_TAG);
  const shadow = host.attachShadow({ mode: 'open' });
  adoptStyles(shadow, options.accentColor);

  const conversation = new Conversation(options.client, options.store);
  let funFacts: Promise<string[]> | undefined;
  const loadFunFacts = () => (funFacts ??= options.client.funFacts().catch(() => []));

  const liveRegion = h('div', { class: 'visually-hidden', 'aria-live': 'polite' });
  const announce = (text: string) => {
    // Emptied first, so the same text twice is announced twice.
    liveRegion.textContent = '';
    setTimeout(() => (liveRegion.textContent = text), 50);
  };

  const panelId = uniqueId('chat-panel');
  const titleId = uniqueId('chat-title');
  const launcher = h('button', { type: 'button', class: 'launcher', 'aria-expanded': 'false', 'aria-controls': panelId }, icon('chat'), options.title);
  const closeButton = h('button', { type: 'button', class: 'icon-button', 'aria-label': WIDGET_TEXTS.close }, icon('close'));

  let showChat: () => void = () => undefined;
  const chat = conversationView({
    conversation,
    greeting: options.greeting,
    suggestedQuestions: options.suggestedQuestions ?? [],
    funFacts: loadFunFacts,
    announce,
    openHelpRequest: () => showHelp(),
  });
  const help = helpRequestForm(
    (fields) => conversation.requestHelp(fields),
    () => {
      showChat();
      chat.showNotice(HELP_TEXTS.sent);
    },
    () => showChat(),
  );
  const helpView = h('div', { class: 'view', hidden: true }, help.element);
  const panel = h(
    'section',
    { class: 'panel', id: panelId, role: 'dialog', 'aria-labelledby': titleId, hidden: true },
    h('div', { class: 'header' }, h('h2', { id: titleId }, options.title), closeButton),
    chat.element,
    helpView,
    liveRegion,
  );
  showChat = () => {
    helpView.hidden = true;
    chat.element.hidden = false;
    chat.focus();
  };
  const showHelp = () => {
    chat.element.hidden = true;
    helpView.hidden = false;
    help.focus();
  };

  const open = () => {
    panel.hidden = false;
    launcher.setAttribute('aria-expanded', 'true');
    void loadFunFacts();
    if (helpView.hidden) chat.focus();
    else help.focus();
  };
  const close = () => {
    panel.hidden = true;
    launcher.setAttribute('aria-expanded', 'false');
    launcher.focus();
  };
  launcher.addEventListener('click', () => (panel.hidden ? open() : close()));
  closeButton.addEventListener('click', close);
  panel.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      close();
    }
  });

  shadow.appendChild(h('div', { class: 'root' }, launcher, panel));
  parent.appendChild(host);
  return { host, open, close };
}

/**
 * A constructed stylesheet needs no 'unsafe-inline' in the host page's Content-Security-Policy; browsers
 * without one (and jsdom) get a <style> element.
 */
function adoptStyles(shadow: ShadowRoot, accentColor: string | undefined): void {
  const css = WIDGET_CSS + accentCss(accentColor);
  try {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    shadow.adoptedStyleSheets = [sheet];
  } catch {
    shadow.appendChild(h('style', {}, css));
  }
}

/** The accent on the filled parts (button, header, send, the visitor's bubbles), its text white or black to stay readable. */
export function accentCss(accentColor: string | undefined): string {
  if (!accentColor || !/^#[0-9a-f]{6}$/i.test(accentColor)) return '';
  return `:host { --brand: ${accentColor}; --brand-text: ${textColorOn(accentColor)}; }`;
}
