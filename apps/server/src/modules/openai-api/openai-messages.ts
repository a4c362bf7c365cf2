import { jsonSchema, tool, type ModelMessage, type ToolSet } from 'ai';
import type { TChatCompletionRequest, TOpenAiMessage } from '@flowsmith/shared';
import { AppError } from '../../lib/app-error';

const textOf = (content: TOpenAiMessage['content'] | null | undefined) =>
  typeof content === 'string' ? content : (content ?? []).map((part) => part.text).join('');

function parseArguments(raw: string, field: string): unknown {
  try {
    return raw.trim() ? JSON.parse(raw) : {};
  } catch {
    throw AppError.validation(field, 'Tool call arguments must be JSON');
  }
}

/**
 * OpenAI chat messages as AI SDK model messages. A tool result names its call's id only, so its
 * tool's name comes from the assistant message that made the call.
 */
export function toModelMessages(messages: TOpenAiMessage[]): ModelMessage[] {
  const toolNames = new Map<string, string>();
  return messages.map((message, i): ModelMessage => {
    switch (message.role) {
      case 'system':
      case 'developer':
        return { role: 'system', content: textOf(message.content) };
      case 'user':
        return { role: 'user', content: textOf(message.content) };
      case 'assistant': {
        const text = textOf(message.content);
        const calls = (message.tool_calls ?? []).map((call, j) => {
          toolNames.set(call.id, call.function.name);
          return {
            type: 'tool-call' as const,
            toolCallId: call.id,
            toolName: call.function.name,
            input: parseArguments(
              call.function.arguments,
              `messages.${i}.tool_calls.${j}.function.arguments`,
            ),
          };
        });
        return {
          role: 'assistant',
          content: [...(text ? [{ type: 'text' as const, text }] : []), ...calls],
        };
      }
      case 'tool': {
        const toolName = toolNames.get(message.tool_call_id);
        if (!toolName) {
          throw AppError.validation(
            `messages.${i}.tool_call_id`,
            'No earlier assistant message made this tool call',
          );
        }
        return {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: message.tool_call_id,
              toolName,
              output: { type: 'text', value: textOf(message.content) },
            },
          ],
        };
      }
    }
  });
}

/** The last user message's text, as the request log shows the prompt. */
export const lastUserText = (messages: TOpenAiMessage[]) =>
  textOf(messages.filter((m) => m.role === 'user').at(-1)?.content);

/**
 * The client's function tools, which the model may call and the client runs: without `execute`,
 * a call ends the reply and goes back to the client. A name the custom AI uses for its own
 * tools is refused, so no call is ambiguous.
 */
export function clientTools(tools: TChatCompletionRequest['tools'], taken: ToolSet): ToolSet {
  const set: ToolSet = {};
  (tools ?? []).forEach(({ function: fn }, i) => {
    if (fn.name in taken || fn.name in set) {
      throw AppError.validation(
        `tools.${i}.function.name`,
        fn.name in taken
          ? 'This custom AI has its own tool of this name'
          : 'Two tools have this name',
      );
    }
    set[fn.name] = tool({
      ...(fn.description ? { description: fn.description } : {}),
      inputSchema: jsonSchema((fn.parameters ?? { type: 'object', properties: {} }) as object),
    });
  });
  return set;
}

/** OpenAI's `tool_choice` in the AI SDK's words. */
export function toolChoiceOf(choice: TChatCompletionRequest['tool_choice']) {
  if (choice === undefined) return undefined;
  if (typeof choice === 'string') return choice;
  return { type: 'tool' as const, toolName: choice.function.name };
}
