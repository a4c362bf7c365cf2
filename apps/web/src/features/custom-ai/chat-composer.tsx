import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import { MAX_CHAT_MESSAGE } from '@flowsmith/shared';
import { formatCount } from '../../lib/format/number-format';

/** The counter appears once a message is this close to the limit. */
const COUNTER_FROM = MAX_CHAT_MESSAGE - 2_000;

type TChatComposerProps = {
  /** Sends the text; the box clears right away (the message shows in the thread). */
  onSend: (text: string) => void;
  /** Needed only where a reply can be streaming. */
  onStop?: () => void;
  /** A reply is on its way: sending waits, Stop is offered. */
  busy: boolean;
  /** Sending itself is under way (e.g. the first message creating its conversation). */
  sending?: boolean;
};

/** The message box: Enter sends, Shift+Enter starts a new line, and it grows with the text. */
export function ChatComposer({ onSend, onStop, busy, sending = false }: TChatComposerProps) {
  const [text, setText] = useState('');
  const input = useRef<HTMLTextAreaElement>(null);
  const locked = busy || sending;

  // Disabling the box while a reply streams drops its focus: hand it back for the next message.
  const wasLocked = useRef(locked);
  useEffect(() => {
    if (wasLocked.current && !locked) input.current?.focus();
    wasLocked.current = locked;
  }, [locked]);
  const tooLong = text.length > MAX_CHAT_MESSAGE;
  const canSend = !locked && !tooLong && text.trim().length > 0;

  const send = () => {
    if (!canSend) return;
    onSend(text);
    setText('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // An IME composing a character uses Enter to confirm it, not to send.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  };

  return (
    <form
      className="chat-composer"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <InputTextarea
        ref={input}
        aria-label="Message"
        placeholder={
          busy
            ? 'Waiting for the answer…'
            : 'Write a message — Enter sends, Shift+Enter for a new line'
        }
        rows={1}
        autoResize
        value={text}
        disabled={locked}
        invalid={tooLong}
        aria-invalid={tooLong}
        aria-describedby={text.length >= COUNTER_FROM ? 'chat-composer-count' : undefined}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        className="chat-composer__input"
      />
      {text.length >= COUNTER_FROM ? (
        <small
          id="chat-composer-count"
          className={`chat-composer__count${tooLong ? ' p-error' : ''}`}
          aria-live="polite"
        >
          {formatCount(text.length)} / {formatCount(MAX_CHAT_MESSAGE)}
        </small>
      ) : null}
      {busy ? (
        <Button
          type="button"
          icon="pi pi-stop-circle"
          label="Stop"
          severity="secondary"
          onClick={onStop}
        />
      ) : (
        <Button
          type="submit"
          icon="pi pi-send"
          label="Send"
          disabled={!canSend}
          loading={sending}
        />
      )}
    </form>
  );
}
