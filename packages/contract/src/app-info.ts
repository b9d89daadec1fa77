import { z } from 'zod';

/** GET /api/app-info (public, our addition): what the dashboard shows before anyone signs in. */
export const appInfoRow = z.object({ assistant_name: z.string() });
