import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy/waitFor give up after 1 s by default: too short for a first render on a loaded 2-core CI machine.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => cleanup());
