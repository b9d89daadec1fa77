/**
 * The /demo page (issue 58): a stand-in for the owner's own site, showing the assistant as Bot Settings saved it
 * (title, greeting, accent colour) and example questions taken from the uploaded documents, or these neutral ones.
 */
export const DEMO_PAGE_TEXTS = {
  /** When nothing is saved in Bot Settings' suggested questions and no document is indexed yet. */
  neutralQuestions: ['What can you help me with?', 'How can I reach a person on your team?'],
  /** A question about a topic (a heading, a title line) of a document. */
  aboutTopic: (document: string, topic: string) => `What does “${document}” say about ${topic}?`,
  /** The last resort for a document with no topic found. */
  aboutDocument: (document: string) => `What is “${document}” about?`,
  knowledge: (documents: number) =>
    `It answers from the ${documents === 1 ? 'document' : `${documents.toLocaleString('en-US')} documents`} uploaded on the dashboard's Documents screen and from approved Inform the Bot items. Rate an answer with a thumb, or ask the team for help from the chat.`,
  noDocuments:
    "No document is uploaded yet, so it can only say that it does not know: upload your manuals, FAQs or price lists on the dashboard's Documents screen, then ask again.",
} as const;

/** How many example questions the page lists. */
export const DEMO_EXAMPLE_QUESTIONS = 3;
