import type { Db } from '../../db/client.ts';
import { derivedServerSealer, type SecretSealer } from '../../lib/sealed-secrets.ts';

/** Endpoint secrets are sealed with a key of their own, derived from the server's sealing keys (lib/sealed-secrets.ts). */
const HKDF_INFO = 'steward webhook endpoint secret v1';

export const webhookSecretSealer = (db: Db, environmentKey: Buffer | undefined): Promise<SecretSealer> => derivedServerSealer(db, environmentKey, HKDF_INFO);

/** Bound as additional data: a secret copied to another endpoint's row does not open. */
export const webhookSecretPurpose = (endpointId: number): string => `webhook_secret:${endpointId}`;
