import type { ComponentProps } from 'react';
import type { ExtraProps } from 'react-markdown';
import { CopyButton } from '../../components/copy-button';

type THastNode = { type: string; value?: string; children?: THastNode[]; properties?: object };

/** The text inside a syntax-tree node: what the copy button puts on the clipboard. */
function textOf(node: THastNode | undefined): string {
  if (!node) return '';
  if (node.type === 'text') return node.value ?? '';
  return (node.children ?? []).map(textOf).join('');
}

/** `language-ts` on the inner `<code>` names the fence's language. */
function languageOf(node: THastNode | undefined): string | null {
  const code = node?.children?.find((child) => child.type === 'element');
  const classes = (code?.properties as { className?: unknown } | undefined)?.className;
  const names = Array.isArray(classes) ? classes : [];
  const language = names.find(
    (name): name is string => typeof name === 'string' && name.startsWith('language-'),
  );
  return language ? language.slice('language-'.length) : null;
}

/** A fenced code block: monospace, scrolls sideways instead of wrapping, with a copy button. */
export function CodeBlock({ node, children }: ComponentProps<'pre'> & ExtraProps) {
  const hast = node as THastNode | undefined;
  const language = languageOf(hast);
  return (
    <div className="md-code">
      <div className="md-code__bar">
        <span className="md-code__language">{language ?? 'code'}</span>
        <CopyButton value={textOf(hast).replace(/\n$/, '')} what="Code" />
      </div>
      <pre>{children}</pre>
    </div>
  );
}
