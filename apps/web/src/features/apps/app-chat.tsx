import { useState, type FormEvent, type KeyboardEvent } from 'react';
import type { TPublicApp } from '@flowsmith/shared';
import { useAppRun } from './use-app-run';

type TAppChatProps = { slug: string; chat: NonNullable<TPublicApp['chat']> };

/** A chat with the app: Enter sends, Shift+Enter starts a new line. */
export function AppChat({ slug, chat }: TAppChatProps) {
  const { messages, busy, send } = useAppRun(slug);
  const [draft, setDraft] = useState('');

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const text = draft.trim();
    if (!text || busy) return;
    setDraft('');
    void send({ [chat.input]: text }, text);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey) submit(event);
  };

  return (
    <section className="end-app__chat">
      <ol className="end-app__messages" aria-live="polite" data-testid="app-messages">
        {messages.length === 0 ? (
          <li className="end-app__note">Send a message to start.</li>
        ) : (
          messages.map((message) => (
            <li
              key={message.id}
              className={`end-app__message end-app__message--${message.role}${message.failed ? ' end-app__message--failed' : ''}`}
              data-testid={`app-message-${message.role}`}
            >
              {message.text || (busy ? '…' : '')}
            </li>
          ))
        )}
      </ol>
      <form className="end-app__composer" onSubmit={submit}>
        <textarea
          aria-label="Message"
          placeholder={chat.placeholder}
          value={draft}
          rows={2}
          maxLength={20_000}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <button type="submit" disabled={busy || !draft.trim()}>
          Send
        </button>
      </form>
    </section>
  );
}
