/**
 * What visitors of the demo's pretend gallery (/demo) ask its guide about the three documents `npm run demo`
 * uploads (bench/demo-documents), and what the bot answers: quotes with their source, as the extractive bot
 * does, and its "don't know" for what the documents do not say (opening hours, tickets), so History, the
 * coverage gaps, the thumbs down and the corrections tell one story.
 */
import { CHAT_TEXTS } from '@steward/contract/chat-constants';
import { DEMO_DOCUMENTS } from '../demo-documents.ts';
import type { ConversationContent, ConversationTopic } from './conversation-content.ts';

const [BILL, DECLARATION, GETTYSBURG] = DEMO_DOCUMENTS;

const quoted = (document: (typeof DEMO_DOCUMENTS)[number], quote: string, section: string): ConversationTopic['answer'] => ({
  html: `<p>${quote}</p><p>${CHAT_TEXTS.sourcePrefix} <a href="${document.source_url}" rel="noopener noreferrer nofollow" target="_blank">${document.title}</a> (${section})</p>`,
  sources: [{ metadata: { filename: document.title, source_url: document.source_url } }],
});

const answered = (question: string, answer: ConversationTopic['answer']): ConversationTopic => ({ question, answer, answered: true });
const unknown = (question: string): ConversationTopic => ({ question, answer: { html: `<p>${CHAT_TEXTS.dontKnow}</p>`, sources: [] }, answered: false });

export const GALLERY_TOPICS: readonly ConversationTopic[] = [
  answered(
    'What does the First Amendment protect?',
    quoted(BILL, 'Congress shall make no law respecting an establishment of religion, or prohibiting the free exercise thereof; or abridging the freedom of speech, or of the press; or the right of the people peaceably to assemble, and to petition the Government for a redress of grievances.', 'Amendment I'),
  ),
  answered(
    'Which amendment is about unreasonable searches?',
    quoted(BILL, 'The right of the people to be secure in their persons, houses, papers, and effects, against unreasonable searches and seizures, shall not be violated, and no Warrants shall issue, but upon probable cause.', 'Amendment IV'),
  ),
  answered('Can soldiers be housed in my home?', quoted(BILL, 'No Soldier shall, in time of peace be quartered in any house, without the consent of the Owner, nor in time of war, but in a manner to be prescribed by law.', 'Amendment III')),
  answered('What does the Second Amendment say?', quoted(BILL, 'A well regulated Militia, being necessary to the security of a free State, the right of the people to keep and bear Arms, shall not be infringed.', 'Amendment II')),
  answered('Do I have a right to a speedy trial?', quoted(BILL, 'In all criminal prosecutions, the accused shall enjoy the right to a speedy and public trial, by an impartial jury of the State and district wherein the crime shall have been committed.', 'Amendment VI')),
  answered('Is excessive bail allowed?', quoted(BILL, 'Excessive bail shall not be required, nor excessive fines imposed, nor cruel and unusual punishments inflicted.', 'Amendment VIII')),
  answered('Who keeps the powers the Constitution does not give the federal government?', quoted(BILL, 'The powers not delegated to the United States by the Constitution, nor prohibited by it to the States, are reserved to the States respectively, or to the people.', 'Amendment X')),
  answered(
    'What are the unalienable rights in the Declaration?',
    quoted(DECLARATION, 'We hold these truths to be self-evident, that all men are created equal, that they are endowed by their Creator with certain unalienable Rights, that among these are Life, Liberty and the pursuit of Happiness.', 'the statement of rights'),
  ),
  answered('Why do governments exist, according to the Declaration?', quoted(DECLARATION, 'That to secure these rights, Governments are instituted among Men, deriving their just powers from the consent of the governed.', 'the statement of rights')),
  answered('When was the Declaration of Independence adopted?', quoted(DECLARATION, 'IN CONGRESS, July 4, 1776. The unanimous Declaration of the thirteen united States of America.', 'the opening')),
  answered('How does the Gettysburg Address begin?', quoted(GETTYSBURG, 'Four score and seven years ago our fathers brought forth on this continent, a new nation, conceived in Liberty, and dedicated to the proposition that all men are created equal.', 'the opening')),
  answered('What did Lincoln say about government of the people?', quoted(GETTYSBURG, 'That this nation, under God, shall have a new birth of freedom -- and that government of the people, by the people, for the people, shall not perish from the earth.', 'the closing')),
  answered('When did Lincoln give the Gettysburg Address?', quoted(GETTYSBURG, 'Delivered by Abraham Lincoln at the dedication of the Soldiers\u2019 National Cemetery in Gettysburg, Pennsylvania, on November 19, 1863.', 'the heading')),
  // What a gallery visitor asks that no document on display says: the bot's coverage gaps.
  unknown('What are the gallery\u2019s opening hours?'),
  unknown('How much is a ticket for children?'),
  unknown('Is there parking near the gallery?'),
  unknown('Can I take photos of the documents?'),
];

/** The gallery's conversations, on the /demo page of the Steward at `serverUrl`. */
export const galleryContent = (serverUrl: string): ConversationContent => ({
  origins: [`${serverUrl}/demo`, `${serverUrl}/demo#exhibits`, `${serverUrl}/demo#visit`],
  topics: GALLERY_TOPICS,
  upReasons: ['Accurate', 'Helpful', 'Easy to follow'],
  downReasons: ['Did not answer my question', 'Not helpful', 'Incomplete'],
  downComments: ['I only wanted to know when you are open.', 'The quote is right but I asked something else.', 'Please add the ticket prices.', ''],
  helpMessages: [
    'Can I book a guided tour for a school class of 25?',
    'Is the gallery accessible by wheelchair?',
    'I would like to know the opening hours over the holidays.',
    'Do you sell prints of the Declaration?',
  ],
});
