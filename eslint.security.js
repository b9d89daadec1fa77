import security from 'eslint-plugin-security';

/**
 * eslint-plugin-security over the code that runs in production: the server, the dashboard, the chat
 * widget and the contract. Tests, test helpers, e2e, bench and build scripts read fixtures and files by computed
 * paths by design and take no request input, so they are left out.
 * Used by `npm run lint` and by `npm run check:security` (eslint.security.config.js), which reports it.
 */
export const securityBlock = {
  files: ['apps/server/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}', 'apps/widget/src/**/*.{ts,tsx}', 'packages/contract/src/**/*.ts'],
  ignores: [
    '**/*.test.{ts,tsx}',
    // test/ holds the security tests (test/security/) and the security check (test/security-check/), a tool the
    // operator runs, which takes no request input.
    'apps/server/src/test/**',
    'apps/web/src/test/**',
    'apps/widget/src/test/**',
  ],
  plugins: { security },
  rules: {
    ...Object.fromEntries(Object.keys(security.configs.recommended.rules).map((rule) => [rule, 'error'])),
    // Off: it flags every `object[key]`, and here every key is an array index, a constant or a
    // zod-validated enum (TypeScript types them all); request text reaches objects only through the
    // contract's schemas. The 69 sites it flagged were reviewed (docs/security.md) and none was real.
    'security/detect-object-injection': 'off',
  },
};
