import { memo } from 'react';
import type { UIMessage } from 'ai';
import { Button } from 'primereact/button';
import { CopyButton } from '../../components/copy-button';
import { MarkdownText } from './markdown-text';
import { messageBlocks, messageText } from './message-parts';
import { ToolStepView } from './tool-step';

type TChatMessageProps = {
  message: UIMessage;
  projectId: string;
  workflowNames: readonly string[];
  /** The reply being written right now: it shows a caret where the next words will appear. */
  streaming: boolean;
  /** Offered on the last answer when the caller may chat and nothing is streaming. */
  onRegenerate?: (() => void) | undefined;
};

/** A context-window notice: said by the system, not by either side, so it sits between bubbles. */
function Notice({ text }: { text: string }) {
  return (
    <p className="chat-notice" role="note">
      <i className="pi pi-info-circle" aria-hidden="true" /> {text}
    </p>
  );
}

/**
 * One message of the thread. The user's words are shown as typed (plain text); the assistant's
 * as Markdown, with its workflow calls as folded steps in the order they happened.
 */
export const ChatMessage = memo(function ChatMessage({
  message,
  projectId,
  workflowNames,
  streaming,
  onRegenerate,
}: TChatMessageProps) {
  const isUser = message.role === 'user';
  const blocks = messageBlocks(message.parts);
  const notices = blocks.filter((block) => block.kind === 'notice');
  const content = blocks.filter((block) => block.kind !== 'notice');
  const text = messageText(message);
  if (content.length === 0 && !streaming) {
    return notices.map((notice, index) => <Notice key={index} text={notice.text} />);
  }
  return (
    <>
      {notices.map((notice, index) => (
        <Notice key={index} text={notice.text} />
      ))}
      <article
        className={`chat-message chat-message--${isUser ? 'user' : 'assistant'}`}
        aria-label={isUser ? 'You said' : 'Assistant said'}
      >
        <div className={`chat-bubble${streaming ? ' chat-bubble--streaming' : ''}`}>
          {isUser ? (
            <p className="chat-bubble__plain">{text}</p>
          ) : (
            content.map((block, index) =>
              block.kind === 'text' ? (
                <MarkdownText key={index} text={block.text} />
              ) : block.kind === 'tool' ? (
                <ToolStepView
                  key={block.id}
                  step={block}
                  projectId={projectId}
                  workflowNames={workflowNames}
                />
              ) : null,
            )
          )}
        </div>
        {streaming ? null : (
          <div className="chat-message__actions">
            {text ? <CopyButton value={text} what="Message" /> : null}
            {onRegenerate ? (
              <Button
                type="button"
                icon="pi pi-refresh"
                text
                size="small"
                aria-label="Regenerate answer"
                data-pr-tooltip="Regenerate"
                onClick={onRegenerate}
              />
            ) : null}
          </div>
        )}
      </article>
    </>
  );
});
