import type { UIMessage } from 'ai';

/** Rough context windows by model family, in tokens; unknown models get a cautious default. */
const windows: Array<[RegExp, number]> = [
  [/gpt-4o|gpt-4\.1|gpt-5|o[134]-|claude|gemini|llama-?3|qwen|mistral-(large|medium)/i, 128_000],
  [/gpt-4/i, 8_192],
  [/gpt-3\.5/i, 16_385],
];
const DEFAULT_WINDOW = 8_192;

export function contextWindow(modelId: string): number {
  return windows.find(([pattern]) => pattern.test(modelId))?.[1] ?? DEFAULT_WINDOW;
}

/** About four characters a token: close enough to keep a request inside the window. */
export const estimateTokens = (value: unknown) => Math.ceil(JSON.stringify(value).length / 4);

/**
 * The most recent messages that fit three quarters of the model's window (the rest is left for
 * the reply), never fewer than the last one; how many older ones were left out.
 */
export function trimToWindow<T extends UIMessage>(
  messages: T[],
  window: number,
  systemPrompt: string,
) {
  let budget = Math.floor(window * 0.75) - estimateTokens(systemPrompt);
  let keep = 0;
  for (let i = messages.length - 1; i >= 0; i--) {
    budget -= estimateTokens(messages[i]!.parts);
    if (budget < 0 && keep > 0) break;
    keep += 1;
  }
  return { messages: messages.slice(messages.length - keep), dropped: messages.length - keep };
}
