import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ToastContext, type TToastApi } from '../../components/toast/toast-context';
import { MarkdownText } from './markdown-text';

const toast: TToastApi = { show: () => {}, remove: () => {}, clear: () => {} };
const render = (text: string) =>
  renderToStaticMarkup(
    createElement(ToastContext.Provider, { value: toast }, createElement(MarkdownText, { text })),
  );

describe('MarkdownText', () => {
  it('keeps hostile input inert: no script, no javascript: link, no event handler', () => {
    const html = render(
      '<script>alert(1)</script> [x](javascript:alert(1)) <img src=x onerror=alert(1)>',
    );
    expect(html).not.toContain('<script');
    expect(html).not.toMatch(/href="\s*javascript:/i);
    expect(html).not.toMatch(/<[^>]+\sonerror=/i);
    expect(html).not.toContain('<img');
    // The raw HTML is still shown, as text.
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('turns a javascript: link into plain text, in a paragraph of its own too', () => {
    const html = render('See [x](javascript:alert(1)) and <b onclick="alert(1)">bold</b>');
    expect(html).toContain('<span class="md-inert-link">x</span>');
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('<b ');
    expect(html).toContain('&lt;b onclick=&quot;alert(1)&quot;&gt;');
  });

  it('renders GFM, opens links in a new tab, and gives code blocks a copy button', () => {
    const html = render(
      'Hello **world** ~~old~~\n\n[docs](https://example.com)\n\n```ts\nconst a = 1;\n```',
    );
    expect(html).toContain('<strong>world</strong>');
    expect(html).toContain('<del>old</del>');
    expect(html).toContain(
      '<a href="https://example.com" target="_blank" rel="noreferrer noopener">docs</a>',
    );
    expect(html).toContain('class="md-code__language">ts</span>');
    expect(html).toContain('aria-label="Copy code"');
    expect(html).toContain('const a = 1;');
  });
});
