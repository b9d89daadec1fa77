import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** How long findBy/waitFor wait: 5 s times STEWARD_TEST_SLOWDOWN (vitest.config.ts). */
    asyncUtilTimeout: number;
  }
}

configure({ asyncUtilTimeout: inject('asyncUtilTimeout') });

afterEach(() => cleanup());
