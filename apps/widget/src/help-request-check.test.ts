import { describe, expect, it } from 'vitest';
import { chatHelpRequest } from '@steward/contract/chat';
import { helpRequestProblems } from './help-request-check.ts';

const valid = { name: 'Ada Visitor', email: ' ada@example.com ', message: 'Please call me back.' };

/** The server's own schema's message for a field, to show that the widget says the same. */
const serverMessage = (fields: typeof valid, field: string) =>
  chatHelpRequest.safeParse(fields).error?.issues.find((issue) => issue.path[0] === field)?.message;

describe('helpRequestProblems', () => {
  it('accepts what the server accepts', () => {
    expect(helpRequestProblems(valid)).toEqual({});
    expect(chatHelpRequest.safeParse(valid).success).toBe(true);
  });

  it.each([
    ['name', { ...valid, name: '   ' }],
    ['name', { ...valid, name: 'n'.repeat(201) }],
    ['email', { ...valid, email: '  ' }],
    ['email', { ...valid, email: 'ada@example' }],
    ['email', { ...valid, email: 'ada @example.com' }],
    ['email', { ...valid, email: `${'a'.repeat(250)}@example.com` }],
    ['message', { ...valid, message: '\n' }],
    ['message', { ...valid, message: 'm'.repeat(10_001) }],
  ] as const)('refuses a wrong %s with the server message', (field, fields) => {
    const problems = helpRequestProblems(fields);
    expect(Object.keys(problems)).toEqual([field]);
    expect(problems[field]).toBe(serverMessage(fields, field));
  });

  it('names every field at fault at once', () => {
    expect(Object.keys(helpRequestProblems({ name: '', email: '', message: '' }))).toEqual(['name', 'email', 'message']);
  });
});
