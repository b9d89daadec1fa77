import { z } from 'zod';

export const healthAnswer = z.object({ success: z.literal(true) });
