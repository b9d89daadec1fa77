import { DEMO_EXAMPLE_QUESTIONS, DEMO_PAGE_TEXTS } from '@steward/contract/demo-page';
import { WIDGET_APPEARANCE_DEFAULTS } from '@steward/contract/chat-constants';
import type { Db } from '../db/client.ts';
import { escapeHtml } from '../mail/escape-html.ts';
import { readBotAppearance } from '../modules/bot-settings/bot-appearance.repository.ts';
import { documentExampleQuestions } from '../modules/knowledge/example-questions.actions.ts';

/** What the /demo page shows of this install: the assistant as Bot Settings saved it, and what to ask it. */
export interface DemoPageFacts {
  title: string;
  greeting: string;
  accentColor: string;
  questions: string[];
  /** Indexed documents: the line under the questions says what the assistant answers from. */
  documents: number;
}

/**
 * The facts of the page, read for each request: the saved look (never the page's own words), then the example
 * questions: the suggested questions saved in Bot Settings, else ones from the uploaded documents, else neutral ones.
 */
export async function readDemoPageFacts(db: Db): Promise<DemoPageFacts> {
  const appearance = await readBotAppearance(db);
  const { questions: fromDocuments, documents } = await documentExampleQuestions(db);
  const questions =
    appearance.suggested_questions.length > 0
      ? appearance.suggested_questions.slice(0, DEMO_EXAMPLE_QUESTIONS)
      : fromDocuments.length > 0
        ? fromDocuments
        : [...DEMO_PAGE_TEXTS.neutralQuestions];
  return { title: appearance.title, greeting: appearance.greeting, accentColor: appearance.accent_color, questions, documents };
}

/**
 * The page from its template (apps/widget/demo/index.html): each {{name}} replaced by its value, HTML-escaped, so
 * nothing saved can add markup. The accent colour is checked as #rrggbb when saved, and again here.
 */
export function renderDemoPage(template: string, facts: DemoPageFacts): string {
  const values: Record<string, string> = {
    title: escapeHtml(facts.title),
    greeting: escapeHtml(facts.greeting),
    accent: /^#[0-9a-f]{6}$/i.test(facts.accentColor) ? facts.accentColor : WIDGET_APPEARANCE_DEFAULTS.accent_color,
    questions: facts.questions.map((question) => `<li>${escapeHtml(question)}</li>`).join(''),
    knowledge: escapeHtml(facts.documents > 0 ? DEMO_PAGE_TEXTS.knowledge(facts.documents) : DEMO_PAGE_TEXTS.noDocuments),
  };
  return template.replace(/\{\{(\w+)\}\}/g, (token, name: string) => values[name] ?? token);
}
