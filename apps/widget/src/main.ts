import { WIDGET_APPEARANCE_DEFAULTS } from '@steward/contract/chat-constants';
import { createChatClient } from './chat-client.ts';
import { ConversationStore, storageKeyFor } from './conversation-store.ts';
import { mergeAppearance, ownScriptElement, readWidgetSettings } from './script-settings.ts';
import { HOST_TAG, mountChatWidget } from './view/chat-widget.ts';

/**
 * The chat widget: `<script src="{PUBLIC_URL}/widget.js" defer></script>` on any page adds the chat
 * button and panel. See docs/bot.md, "Embedding the widget".
 */
const settings = readWidgetSettings(ownScriptElement(), window.location.href);

/** How long the widget waits for its look from Bot Settings before it shows with the defaults. */
const APPEARANCE_WAIT_MS = 3000;

const start = async () => {
  // The same script included twice adds one widget.
  if (document.querySelector(HOST_TAG)) return;
  const client = createChatClient(settings.apiBase);
  const saved = await Promise.race([
    client.appearance().catch(() => ({})),
    new Promise<Record<string, never>>((resolve) => setTimeout(() => resolve({}), APPEARANCE_WAIT_MS)),
  ]);
  if (document.querySelector(HOST_TAG)) return;
  const appearance = mergeAppearance(settings, saved);
  mountChatWidget({
    client,
    store: new ConversationStore(storageKeyFor(settings.serverBase)),
    title: appearance.title,
    greeting: appearance.greeting,
    // The default accent leaves the widget its own colours, which follow the visitor's light or dark scheme.
    accentColor: appearance.accent_color === WIDGET_APPEARANCE_DEFAULTS.accent_color ? undefined : appearance.accent_color,
    suggestedQuestions: appearance.suggested_questions,
  });
};

if (document.body) void start();
else document.addEventListener('DOMContentLoaded', () => void start(), { once: true });
