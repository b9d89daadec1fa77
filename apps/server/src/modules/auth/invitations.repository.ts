import { and, eq, isNull } from 'drizzle-orm';
import type { Role } from '@steward/contract/access';
import type { Db } from '../../db/client.ts';
import { authTokens } from '../../db/schema.ts';
import { hashSecret, newSecret } from '../../lib/secrets.ts';
import { normaliseEmail } from './users.repository.ts';

/** An invitation key is good for 72 hours. */
export const INVITATION_TTL_MS = 72 * 60 * 60 * 1000;

/**
 * Creates an invitation and answers its key (shown once, in the mail or the start-up log).
 * Older unused invitations to the same address stop working.
 */
export async function createInvitation(
  db: Db,
  input: { email: string; name: string; role: Role; createdBy: number | null },
): Promise<string> {
  const key = newSecret();
  const email = normaliseEmail(input.email);
  await db.transaction(async (tx) => {
    await tx
      .update(authTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(authTokens.purpose, 'invitation'), eq(authTokens.email, email), isNull(authTokens.usedAt)));
    await tx.insert(authTokens).values({
      tokenHash: hashSecret(key),
      purpose: 'invitation',
      email,
      name: input.name,
      role: input.role,
      createdBy: input.createdBy,
      expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
    });
  });
  return key;
}
