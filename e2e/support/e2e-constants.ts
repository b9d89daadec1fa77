/** Shared between the e2e server and the tests. */
export const E2E_BOT_API_KEY = 'e2e-bot-api-key-0123456789abcdef';
export const E2E_PASSWORD = 'Dashboard-Pass-1';
export const E2E_ASSISTANT_NAME = 'Acme Helper';
