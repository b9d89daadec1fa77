import type { Db } from '../../db/client.ts';
import { deriveSealingKey, derivedServerSealer, type SecretSealer, sealerWithKeys } from '../../lib/sealed-secrets.ts';

/**
 * TOTP seeds are sealed at rest (AES-256-GCM, lib/sealed-secrets.ts) with keys of their own, derived by HKDF-SHA256
 * from the server's sealing keys (STEWARD_SECRETS_KEY, else the key kept in the database), so the key that seals
 * saved API keys never seals a seed. The member's id is bound as additional data: a seed copied to another
 * member's row does not open.
 */
const HKDF_INFO = 'steward second factor seed v1';

export const deriveSeedKey = (root: Buffer): Buffer => deriveSealingKey(root, HKDF_INFO);

export const seedSealerWithRoots = (roots: readonly Buffer[]): SecretSealer => sealerWithKeys(roots.map(deriveSeedKey));

export const seedPurpose = (userId: number): string => `second_factor_seed:${userId}`;

/** The server's seed sealer (one read of the kept key; seeds are opened a few times per sign-in at most). */
export const seedSealer = (db: Db, environmentKey: Buffer | undefined): Promise<SecretSealer> => derivedServerSealer(db, environmentKey, HKDF_INFO);
