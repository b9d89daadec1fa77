import { z } from 'zod';

// Our Content Security Policy forbids eval. zod probes `new Function` when it builds its first object
// schema, and the browser reports the blocked probe as a violation, so this runs before any schema is
// built: main.tsx imports it first (modules run in import order), ahead of the contract's schemas.
z.config({ jitless: true });
