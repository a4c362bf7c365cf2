import Markdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';

const remarkPlugins = [remarkGfm];

type TMarkdownViewProps = {
  text: string;
  /** How this place renders some elements, e.g. its own links. */
  components: Components;
  className?: string;
};

/**
 * Markdown as GFM (tables, lists, strikethrough). No raw HTML is ever rendered: without
 * rehype-raw, react-markdown shows `<script>` and friends as the text they are.
 */
export function MarkdownView({ text, components, className }: TMarkdownViewProps) {
  return (
    <div className={className ? `markdown ${className}` : 'markdown'}>
      <Markdown remarkPlugins={remarkPlugins} components={components}>
        {text}
      </Markdown>
    </div>
  );
}
