import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { boundariesBlock } from './eslint.boundaries.js';
import { securityBlock } from './eslint.security.js';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'test-results/**', 'playwright-report/**', 'data/**', 'data-demo/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
      eqeqeq: ['error', 'always'],
    },
  },
  securityBlock,
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  boundariesBlock,
  // The chat widget loads on customers' sites: no React, and of the contract only the zod-free modules
  // (types from any), so zod never reaches its bundle. Nothing of the dashboard or the server: eslint.boundaries.js.
  {
    files: ['apps/widget/src/**/*.ts'],
    ignores: ['apps/widget/src/**/*.test.ts', 'apps/widget/src/test/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'zod', message: 'The widget bundles no zod (about 90 kB gzip).' }],
          patterns: [
            { group: ['react', 'react-dom', 'react/*'], message: 'The widget loads no React: it is plain TypeScript and DOM.' },
            {
              group: ['@steward/contract/*', '!@steward/contract/chat-constants', '!@steward/contract/bot-limits', '!@steward/contract/email-address'],
              allowTypeImports: true,
              message: "Import values only from the contract's zod-free modules (chat-constants, bot-limits, email-address); types from any.",
            },
          ],
        },
      ],
    },
  },
  // The server's test files share their worker's modules (vitest.config.ts, isolate: false): a file that mocked a
  // module or changed the environment would change it for the files after it.
  {
    files: ['apps/server/src/**/*.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['mock', 'doMock', 'stubEnv', 'stubGlobal'].map((property) => ({
          object: 'vi',
          property,
          message: 'Server test files share their modules and environment: pass the value in (a parameter, a config) instead.',
        })),
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "AssignmentExpression > MemberExpression.left[object.type='MemberExpression'][object.object.name='process'][object.property.name='env']",
          message: "Server code reads the environment once, in config.ts: pass values in rather than set process.env.",
        },
        {
          selector: "UnaryExpression[operator='delete'] > MemberExpression[object.type='MemberExpression'][object.object.name='process'][object.property.name='env']",
          message: "Server code reads the environment once, in config.ts: pass values in rather than delete from process.env.",
        },
      ],
    },
  },
  {
    files: ['bench/**/*.ts', 'e2e/support/**/*.ts', 'scripts/**', 'apps/server/src/test/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
);
