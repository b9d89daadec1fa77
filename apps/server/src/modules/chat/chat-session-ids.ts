import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { sharedServerSecret } from '../../lib/server-secrets.ts';

/** The server_secrets row holding the key that signs chat session ids. */
export const CHAT_SESSION_KEY = 'chat-session-signing-key';

/**
 * Chat session ids are `<random>.<signature>`: 16 random bytes and their HMAC-SHA256 under a
 * server key, both base64url. Only this server can make one, so a visitor cannot pick or guess
 * another visitor's session, and the session needs no table of its own.
 */
export interface ChatSessionIds {
  issue(): string;
  /** True only for an id this server issued. */
  isGenuine(sessionId: string): boolean;
}

const SESSION_ID_PATTERN = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

export function chatSessionIds(key: string): ChatSessionIds {
  const sign = (random: string): string => createHmac('sha256', key).update(`chat-session:${random}`).digest('base64url');
  return {
    issue() {
      const random = randomBytes(16).toString('base64url');
      return `${random}.${sign(random)}`;
    },
    isGenuine(sessionId) {
      const match = SESSION_ID_PATTERN.exec(sessionId);
      if (!match?.[1] || !match[2]) return false;
      const expected = Buffer.from(sign(match[1]));
      const given = Buffer.from(match[2]);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}

/** The ids under the key shared by every instance (read once per app, made on first use). */
export function sharedChatSessionIds(db: Db): () => Promise<ChatSessionIds> {
  let ids: Promise<ChatSessionIds> | undefined;
  return () => {
    ids ??= sharedServerSecret(db, CHAT_SESSION_KEY).then(chatSessionIds);
    // A failed read (the database was away) is tried again on the next call.
    void ids.catch(() => {
      ids = undefined;
    });
    return ids;
  };
}
