import { canViewPersonalData, type StaffMember } from '@steward/contract/permissions';
import type { Db } from '../../db/client.ts';
import { readPersonalDataMasking } from '../bot-settings/personal-data-masking.repository.ts';

/**
 * Whether an export (History, Feedback, Help Requests; each audited) masks visitors' personal data: only when
 * masking is on and the caller does not hold view_personal_data (docs/privacy.md). Off, exports are whole for
 * everyone allowed to export.
 */
export async function exportMasksPersonalData(db: Db, viewer: StaffMember): Promise<boolean> {
  return !canViewPersonalData(viewer) && (await readPersonalDataMasking(db));
}
