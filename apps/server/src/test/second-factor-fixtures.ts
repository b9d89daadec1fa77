import { sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import type { SecondFactorPolicy } from '@steward/contract/second-factor';
import { seedPurpose, seedSealer } from '../modules/auth/second-factor-seal.ts';
import { newTotpSeed } from '../modules/auth/totp.ts';
import { sqlRows } from '../db/sql-rows.ts';
import type { TestApp } from './test-app.ts';

/**
 * Gives a member a second factor as enrolment would leave it (sealed seed; `confirmed` or still being set up), in
 * place of any they had, and answers its current code.
 */
export async function giveSecondFactor(testApp: TestApp, userId: number, confirmed: boolean): Promise<string> {
  const seed = newTotpSeed();
  const sealed = (await seedSealer(testApp.db, testApp.config.secretsKey)).seal(seed, seedPurpose(userId));
  await testApp.db.execute(sql`DELETE FROM second_factors WHERE user_id = ${userId}`);
  await testApp.db.execute(sql`INSERT INTO second_factors (user_id, sealed_seed, confirmed_at) VALUES (${userId}, ${sealed}, ${confirmed ? new Date() : null})`);
  return new TOTP({ secret: Secret.fromBase32(seed) }).generate();
}

export const removeSecondFactorOf = (testApp: TestApp, userId: number) => testApp.db.execute(sql`DELETE FROM second_factors WHERE user_id = ${userId}`);

/** Sets the sign-in policy's second factor (off, the default; offered; required), as Sign-in security would. */
export const setSecondFactorPolicyOf = (testApp: TestApp, policy: SecondFactorPolicy) =>
  testApp.db.execute(sql`UPDATE sign_in_policy SET second_factor = ${policy}`);

/** Gives a member a passkey row as adding one would leave it (its key is no real one: for calls that do not verify it); answers its id. */
export async function givePasskey(testApp: TestApp, userId: number, name = 'Test passkey'): Promise<number> {
  const credentialId = `test-${userId}-${Math.random().toString(36).slice(2)}`;
  const [row] = await sqlRows<{ id: number }>(testApp.db, sql`
    INSERT INTO passkeys (user_id, credential_id, public_key, device_type, name) VALUES (${userId}, ${credentialId}, '\\x00', 'singleDevice', ${name}) RETURNING id`);
  if (!row) throw new Error('No passkey');
  return Number(row.id);
}
