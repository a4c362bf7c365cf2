import type { ComponentProps } from 'react';
import Markdown, { type Components, type ExtraProps } from 'react-markdown';
import { Link } from 'react-router';
import remarkGfm from 'remark-gfm';

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
const remarkPlugins = [remarkGfm];

/** A guide's Markdown: our own text, rendered without raw HTML all the same. */
export function DocMarkdown({ text }: { text: string }) {
  return (
    <div className="markdown doc-markdown">
      <Markdown remarkPlugins={remarkPlugins} components={components}>
        {text}
      </Markdown>
    </div>
  );
}
