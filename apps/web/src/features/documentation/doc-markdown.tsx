import type { ComponentProps } from 'react';
import type { Components, ExtraProps } from 'react-markdown';
import { Link } from 'react-router';
import { MarkdownView } from '../../components/markdown-view';

/** Links inside the app stay in it; others open in a new tab without handing the page over. */
function DocLink({ href, children, node: _node, ...rest }: ComponentProps<'a'> & ExtraProps) {
  if (href?.startsWith('/')) return <Link to={href}>{children}</Link>;
  return (
    <a {...rest} href={href} target="_blank" rel="noreferrer noopener">
      {children}
    </a>
  );
}

const components: Components = { a: DocLink };

/** A guide's Markdown: our own text, rendered without raw HTML all the same. */
export function DocMarkdown({ text }: { text: string }) {
  return <MarkdownView text={text} components={components} className="doc-markdown" />;
}
