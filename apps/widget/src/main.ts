import { createChatClient } from './chat-client.ts';
import { ConversationStore, storageKeyFor } from './conversation-store.ts';
import { ownScriptElement, readWidgetSettings } from './script-settings.ts';
import { HOST_TAG, mountChatWidget } from './view/chat-widget.ts';

/**
 * The chat widget: `<script src="{PUBLIC_URL}/widget.js" defer></script>` on any page adds the chat
 * button and panel. See docs/bot.md, "Embedding the widget".
 */
const settings = readWidgetSettings(ownScriptElement(), window.location.href);

const start = () => {
  // The same script included twice adds one widget.
  if (document.querySelector(HOST_TAG)) return;
  mountChatWidget({
    client: createChatClient(settings.apiBase),
    store: new ConversationStore(storageKeyFor(settings.serverBase)),
    title: settings.title,
    greeting: settings.greeting,
  });
};

if (document.body) start();
else document.addEventListener('DOMContentLoaded', start, { once: true });
