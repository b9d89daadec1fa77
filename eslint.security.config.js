// The configuration `npm run check:security` lints with: the security rules alone (eslint.security.js).
import tseslint from 'typescript-eslint';
import { securityBlock } from './eslint.security.js';

export default [
  { ignores: ['**/dist/**', '**/node_modules/**', 'test-results/**', 'playwright-report/**', 'data/**', 'data-demo/**', '.tmp/**'] },
  // Other rules' disable comments are not this check's business.
  { files: ['**/*.{ts,tsx}'], languageOptions: { parser: tseslint.parser }, linterOptions: { reportUnusedDisableDirectives: 'off' } },
  securityBlock,
];
