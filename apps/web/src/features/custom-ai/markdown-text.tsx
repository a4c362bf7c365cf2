import { memo, type ComponentProps } from 'react';
import Markdown, { type Components, type ExtraProps } from 'react-markdown';
import remarkGfm from 'remark-gfm';
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
const remarkPlugins = [remarkGfm];

/**
 * A model's answer as Markdown (GFM: tables, lists, strikethrough). No raw HTML is ever rendered:
 * without rehype-raw, react-markdown shows `<script>` and friends as the text they are.
 */
export const MarkdownText = memo(function MarkdownText({ text }: { text: string }) {
  return (
    <div className="markdown">
      <Markdown remarkPlugins={remarkPlugins} components={components}>
        {text}
      </Markdown>
    </div>
  );
});
