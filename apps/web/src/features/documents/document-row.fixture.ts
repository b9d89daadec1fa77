import type { DocumentRow } from '@steward/contract/documents';
import type { StaffMember } from '@steward/contract/permissions';

/** A completed document, for tests to override. */
export const documentRowFixture = (values: Partial<DocumentRow> = {}): DocumentRow => ({
  id: 1,
  file_id: 'file-1',
  filename: 'warranty-terms.pdf',
  source_url: 'https://shop.example.com/warranty',
  title: 'Warranty terms',
  uploaded_by: 'Ada Admin',
  upload_date: '2026-03-04T12:00:00.000Z',
  status: 'completed',
  error: null,
  replacing_filename: null,
  total_count: 1,
  ...values,
});

export const adminFixture: StaffMember = { id: 1, role: 'admin', capabilities: ['read_documents', 'upload_document'] };
export const viewerFixture: StaffMember = { id: 2, role: 'viewer', capabilities: ['read_documents'] };
