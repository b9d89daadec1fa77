import { rowsAnswer } from '@steward/contract/envelope';
import { ssoEndSessionRow } from '@steward/contract/single-sign-on';
import { apiGet } from '../../../lib/api-client.ts';

/** The provider's logout for this session (RP-initiated logout), asked before the session ends; null when none. */
export const ssoEndSessionUrl = async (): Promise<string | null> =>
  (await apiGet('/api/sso/end-session', rowsAnswer(ssoEndSessionRow))).data.rows[0]?.end_session_url ?? null;
