import { z } from 'zod';

/** GET /api/all-help-requests-count: open (pending) help requests, for the sidebar badge. */
export const helpRequestCountRow = z.object({ total_count: z.number().int() });
