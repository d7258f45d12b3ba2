import { createElement, type ReactNode } from 'react';

/**
 * Gathered detail content (a source page's HTML) rendered safely without a sanitizer library:
 * the fragment is parsed into an inert document (no script runs, nothing is fetched), then
 * rebuilt as React elements from an allow-list of structural and emphasis tags with no
 * attributes at all. Anything else (scripts, styles, frames, images, links, handlers) is never
 * created: its text is kept for unknown tags, dropped for the skipped ones.
 */
const KEPT = new Set([
  'p',
  'br',
  'div',
  'span',
  'ul',
  'ol',
  'li',
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'sub',
  'sup',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'table',
  'thead',
  'tbody',
  'tr',
  'td',
  'th',
  'blockquote',
  'pre',
  'dl',
  'dt',
  'dd',
  'hr',
]);
const VOID = new Set(['br', 'hr']);
const SKIPPED = new Set([
  'script',
  'style',
  'template',
  'noscript',
  'iframe',
  'object',
  'embed',
  'head',
  'svg',
  'math',
]);

function rebuild(node: Node, key: string): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const tag = (node as Element).tagName.toLowerCase();
  if (SKIPPED.has(tag)) return null;
  if (VOID.has(tag)) return createElement(tag, { key });
  const children = Array.from(node.childNodes).map((child, i) => rebuild(child, `${key}.${i}`));
  return KEPT.has(tag) ? createElement(tag, { key }, ...children) : children;
}

export function HtmlContent({ html, testid }: { html: string; testid?: string }) {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  return (
    <div className="html-content" data-testid={testid} data-content="data">
      {Array.from(body.childNodes).map((child, i) => rebuild(child, String(i)))}
    </div>
  );
}
