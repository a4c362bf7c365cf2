import { useCallback, useRef, useState } from 'react';
import type { TGroupRunEvent } from '@flowsmith/shared';
import { isApiError, postEventStream } from '../../lib/api';

export type TAppMessage = { id: number; role: 'visitor' | 'app'; text: string; failed?: boolean };

/** The text of a finished run's first output, when nothing was streamed. */
function firstOutput(outputs: Record<string, unknown>): string {
  const value = Object.values(outputs)[0];
  if (value === undefined) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function failureText(error: unknown): string {
  if (isApiError(error)) {
    if (error.status === 429) return 'Too many messages: wait a minute and try again.';
    if (error.status === 402) return 'This app has reached its limit for now; try again later.';
    return error.message;
  }
  return 'Cannot reach the app: check your connection and try again.';
}

/** Runs an app and keeps the conversation: each answer grows as its words stream in. */
export function useAppRun(slug: string) {
  const [messages, setMessages] = useState<TAppMessage[]>([]);
  const [busy, setBusy] = useState(false);
  const serial = useRef(0);

  const send = useCallback(
    async (inputs: Record<string, unknown>, shown: string) => {
      const answerId = (serial.current += 2);
      const update = (patch: (message: TAppMessage) => TAppMessage) =>
        setMessages((all) => all.map((m) => (m.id === answerId ? patch(m) : m)));
      setMessages((all) => [
        ...all,
        { id: answerId - 1, role: 'visitor', text: shown },
        { id: answerId, role: 'app', text: '' },
      ]);
      setBusy(true);
      try {
        await postEventStream<TGroupRunEvent>(
          `/api/apps/${encodeURIComponent(slug)}/run`,
          { inputs },
          (event) => {
            if (event.type === 'token') update((m) => ({ ...m, text: m.text + event.delta }));
            if (event.type === 'done')
              update((m) =>
                event.status === 'succeeded'
                  ? { ...m, text: m.text || firstOutput(event.outputs) }
                  : { ...m, text: event.error ?? 'The app could not answer.', failed: true },
              );
          },
        );
      } catch (error) {
        update((m) => ({ ...m, text: failureText(error), failed: true }));
      } finally {
        setBusy(false);
      }
    },
    [slug],
  );

  return { messages, busy, send };
}
