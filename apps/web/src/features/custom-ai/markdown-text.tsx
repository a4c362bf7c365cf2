import { memo, type ComponentProps } from 'react';
import type { Components, ExtraProps } from 'react-markdown';
import { MarkdownView } from '../../components/markdown-view';
import { CodeBlock } from './code-block';

/**
 * Links open in a new tab without handing the page to it. react-markdown's default URL
 * transform empties unsafe addresses (`javascript:`, `data:`…); such a link becomes plain text
 * rather than an `href=""` that would reload the page.
 */
function MarkdownLink({ href, children, node: _node, ...rest }: ComponentProps<'a'> & ExtraProps) {
  if (!href) return <span className="md-inert-link">{children}</span>;
  return (
    <a {...rest} href={href} target="_blank" rel="noreferrer noopener">
      {children}
    </a>
  );
}

const components: Components = { a: MarkdownLink, pre: CodeBlock };

/** A model's answer as Markdown, never as HTML. */
export const MarkdownText = memo(function MarkdownText({ text }: { text: string }) {
  return <MarkdownView text={text} components={components} />;
});
