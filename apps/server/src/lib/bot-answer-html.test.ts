import { type DefaultTreeAdapterTypes, parseFragment } from 'parse5';
import { describe, expect, it } from 'vitest';
import { type AnswerElement, answerHtmlViolations } from '@steward/contract/answer-html';
import { HOSTILE_ANSWER_SAMPLES, SAMPLE_OWN_ORIGIN } from '@steward/contract/answer-html-samples';
import { sanitizeBotAnswerHtml } from './bot-answer-html.ts';

type Node = DefaultTreeAdapterTypes.ChildNode | DefaultTreeAdapterTypes.DocumentFragment;

/** parse5's tree (the HTML standard's parser, which jsdom uses) as the contract's check reads an element. */
function asAnswerElement(node: Node): AnswerElement {
  const attributes = 'attrs' in node ? node.attrs : [];
  const children = 'childNodes' in node ? node.childNodes.filter((child) => 'tagName' in child).map(asAnswerElement) : [];
  return {
    tagName: 'tagName' in node ? node.tagName : '#fragment',
    getAttributeNames: () => attributes.map((attribute) => attribute.name),
    getAttribute: (name) => attributes.find((attribute) => attribute.name === name)?.value ?? null,
    children,
  };
}

const textOf = (node: Node): string => ('value' in node && node.nodeName === '#text' ? node.value : 'childNodes' in node ? node.childNodes.map(textOf).join('') : '');
const elementsOf = (node: Node, tag: string): AnswerElement[] =>
  'childNodes' in node ? node.childNodes.flatMap((child) => [...('tagName' in child && child.tagName === tag ? [asAnswerElement(child)] : []), ...elementsOf(child, tag)]) : [];

/** Issue 52: the server's sanitiser applies the contract's allow-list; the dashboard's is pinned by the same samples. */
describe('sanitizeBotAnswerHtml', () => {
  it.each(HOSTILE_ANSWER_SAMPLES.map((sample) => [sample.name, sample] as const))('%s', (_name, sample) => {
    const clean = sanitizeBotAnswerHtml(sample.html, SAMPLE_OWN_ORIGIN);
    const fragment = parseFragment(clean);
    expect(answerHtmlViolations(asAnswerElement(fragment), SAMPLE_OWN_ORIGIN), clean).toEqual([]);
    expect(textOf(fragment).replace(/\s+/g, ''), clean).toBe(sample.text.replace(/\s+/g, ''));
    expect(elementsOf(fragment, 'a').map((link) => link.getAttribute('href')).filter((href) => href !== null), clean).toEqual(sample.links);
    expect(elementsOf(fragment, 'img').map((image) => image.getAttribute('src')), clean).toEqual(sample.images);
  });

  it('keeps what an answer is made of', () => {
    const html = '<p>Hold the button for <b>10 seconds</b>.</p><ul><li><a href="https://shop.example.com/reset" rel="noopener noreferrer nofollow" target="_blank">Reset guide</a></li></ul>';
    expect(sanitizeBotAnswerHtml(html, SAMPLE_OWN_ORIGIN)).toBe(html);
  });
});
