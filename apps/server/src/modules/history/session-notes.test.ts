import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HISTORY_MESSAGES, sessionNotesAnswer } from '@steward/contract/history';
import { botPost } from '../../test/bot-test-support.ts';
import { insertFeedback, insertHistory } from '../../test/conversation-factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { insertAnswerSources } from './answer-sources.repository.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

describe('GET /api/history/{sessionId}/notes', () => {
  it("answers each exchange's sources (best first) and ratings, and the session's help requests", async () => {
    const sessionId = 'notes-session-1';
    const first = await insertHistory(testApp.db, { sessionId, time: new Date('2030-01-01T10:00:00Z') });
    const second = await insertHistory(testApp.db, { sessionId, time: new Date('2030-01-01T10:01:00Z') });
    await insertAnswerSources(testApp.db, first.id, [
      { documentId: null, informTheBotId: null, title: 'Manual', page: 3, pageEnd: 4, heading: 'Descaling', excerpt: 'Descale monthly.', relevance: 0.82 },
      { documentId: null, informTheBotId: null, title: 'FAQ', page: null, pageEnd: null, heading: null, excerpt: 'Use vinegar.', relevance: 0.41 },
    ]);
    const rating = await insertFeedback(testApp.db, { history: second, rating: 'down', reason: ['Wrong answer'], userFeedback: 'Not my model' });
    const help = await botPost(testApp, '/api/bot/help-requests', {
      name: 'Ann', email: 'ann@example.com', message: 'Call me', session_id: sessionId, time: '2030-01-01T10:02:00Z',
    });
    expect(help.status).toBe(200);
    const { client } = await testApp.signedInClient('viewer');

    const answer = await client.get(`/api/history/${sessionId}/notes`);

    expect(answer.status).toBe(200);
    const notes = sessionNotesAnswer.parse(answer.body).data;
    expect(notes.exchanges).toEqual([
      {
        history_id: first.id,
        sources: [
          { document_id: null, inform_the_bot_id: null, title: 'Manual', page: 3, page_end: 4, heading: 'Descaling', excerpt: 'Descale monthly.', relevance: expect.closeTo(0.82, 5) },
          { document_id: null, inform_the_bot_id: null, title: 'FAQ', page: null, page_end: null, heading: null, excerpt: 'Use vinegar.', relevance: expect.closeTo(0.41, 5) },
        ],
        ratings: [],
      },
      { history_id: second.id, sources: [], ratings: [{ feedback_id: rating.id, rating: 'down', reason: ['Wrong answer'], user_feedback: 'Not my model' }] },
    ]);
    expect(notes.help_requests).toEqual([{ id: help.body.data?.rows[0]?.id, time: '2030-01-01T10:02:00.000Z', status: 'pending' }]);
  });

  it('answers 404 for a session without exchanges, and 401 without a session', async () => {
    const { client } = await testApp.signedInClient('viewer');
    const missing = await client.get('/api/history/no-such-session/notes');
    expect(missing.status).toBe(404);
    expect(missing.body.error?.message).toBe(HISTORY_MESSAGES.sessionNotFound);
    expect((await testApp.client().get('/api/history/no-such-session/notes')).status).toBe(401);
  });
});
