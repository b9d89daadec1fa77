/**
 * The demo's most recent conversations, asked of the real bot through the public chat calls (as the /demo
 * page's widget asks them), so History opens on real answers from the uploaded documents, the coverage gaps
 * list the questions they cannot answer, a visitor rates one down, and the administrator's correction for it
 * waits for another team member's approval (Inform the Bot).
 */
const VISITOR_QUESTIONS: readonly (readonly string[])[] = [
  ['What does the First Amendment protect?', 'Which amendment is about unreasonable searches?'],
  ['How does the Gettysburg Address begin?', 'When did Lincoln give it?'],
  ['What are the unalienable rights in the Declaration?', 'Can soldiers be quartered in my house?'],
  ['What are the gallery’s opening hours?'],
  ['How much is a ticket for children?', 'Is there parking near the gallery?'],
];

/** The question whose "don't know" the visitor rates down, and the correction staff write for it. */
const CORRECTED = {
  question: 'What are the gallery’s opening hours?',
  reason: ['Did not answer my question'],
  comment: 'I only wanted to know when you are open.',
  correction: 'The Charters Gallery is open Tuesday to Sunday, 10 am to 5 pm, and closed on Mondays and public holidays.',
};

interface ChatRow {
  session_id: string;
  history_id: number;
  answer_kind: string;
}

async function chatPost<Row>(url: string, path: string, body: unknown): Promise<Row> {
  const response = await fetch(`${url}/api/chat/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const answer = (await response.json()) as { data?: { rows?: Row[] }; error?: { message?: string } };
  const row = answer.data?.rows?.[0];
  if (!response.ok || !row) throw new Error(`POST /api/chat/${path} answered ${response.status}: ${answer.error?.message ?? ''}`);
  return row;
}

/** Asks the visitors' questions, rates the opening-hours answer down, and writes the pending correction for it. */
export async function playDemoStory(url: string, adminHeaders: Record<string, string>): Promise<void> {
  let corrected: { historyId: number; sessionId: string } | undefined;
  for (const questions of VISITOR_QUESTIONS) {
    let sessionId: string | undefined;
    for (const message of questions) {
      const row = await chatPost<ChatRow>(url, 'ask', { message, origin: `${url}/demo`, ...(sessionId ? { session_id: sessionId } : {}) });
      sessionId = row.session_id;
      if (message === CORRECTED.question) corrected = { historyId: row.history_id, sessionId: row.session_id };
    }
  }
  if (!corrected) return;
  const feedback = await chatPost<{ id: number }>(url, 'feedback', {
    session_id: corrected.sessionId,
    history_id: corrected.historyId,
    rating: 'down',
    reason: CORRECTED.reason,
    user_feedback: CORRECTED.comment,
  });
  const saved = await fetch(`${url}/api/feedback/${feedback.id}/correction`, {
    method: 'POST',
    headers: { ...adminHeaders, 'content-type': 'application/json' },
    body: JSON.stringify({ content: CORRECTED.correction }),
  });
  if (!saved.ok) throw new Error(`POST /api/feedback/${feedback.id}/correction answered ${saved.status}: ${await saved.text()}`);
}

/** The widget's look on /demo (Bot Settings): the gallery's colour and the questions it suggests. */
export async function saveDemoAppearance(url: string, adminHeaders: Record<string, string>): Promise<void> {
  const saved = await fetch(`${url}/api/bot-appearance`, {
    method: 'POST',
    headers: { ...adminHeaders, 'content-type': 'application/json' },
    body: JSON.stringify({
      appearance: {
        title: 'Ask the gallery guide',
        greeting: 'Hello! I answer questions about the documents on display. What would you like to know?',
        accent_color: '#7a3b12',
        suggested_questions: ['What does the First Amendment protect?', 'How does the Gettysburg Address begin?', 'What rights does the Declaration name?'],
        dont_know_text: '',
        allowed_sites: [],
      },
    }),
  });
  if (!saved.ok) throw new Error(`POST /api/bot-appearance answered ${saved.status}: ${await saved.text()}`);
}
