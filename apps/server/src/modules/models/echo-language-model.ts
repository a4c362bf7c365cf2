import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3StreamPart,
  LanguageModelV3Usage,
} from '@ai-sdk/provider';
import { echoText, roughTokens } from './echo-model';

function lastUserText(options: LanguageModelV3CallOptions): string {
  const user = [...options.prompt].reverse().find((message) => message.role === 'user');
  if (!user || user.role !== 'user') return '';
  return user.content.map((part) => (part.type === 'text' ? part.text : '')).join('');
}

function usage(options: LanguageModelV3CallOptions, output: string): LanguageModelV3Usage {
  const input = roughTokens(JSON.stringify(options.prompt));
  return {
    inputTokens: { total: input, noCache: input, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: roughTokens(output), text: roughTokens(output), reasoning: undefined },
  };
}

const stop = { unified: 'stop' as const, raw: undefined };

/**
 * The built-in offline model as an AI SDK language model: it streams back the last user message,
 * so chats and workflows work with no provider configured. It never calls tools.
 */
export const echoLanguageModel: LanguageModelV3 = {
  specificationVersion: 'v3',
  provider: 'builtin',
  modelId: 'echo',
  supportedUrls: {},
  async doGenerate(options) {
    const text = `Echo: ${lastUserText(options)}`;
    return {
      content: [{ type: 'text', text }],
      finishReason: stop,
      usage: usage(options, text),
      warnings: [],
    };
  },
  async doStream(options) {
    const signal = options.abortSignal ?? new AbortController().signal;
    const prompt = lastUserText(options);
    const stream = new ReadableStream<LanguageModelV3StreamPart>({
      async start(controller) {
        controller.enqueue({ type: 'stream-start', warnings: [] });
        controller.enqueue({ type: 'text-start', id: 'echo' });
        let text = '';
        try {
          for await (const piece of echoText(prompt, signal)) {
            text += piece;
            controller.enqueue({ type: 'text-delta', id: 'echo', delta: piece });
          }
        } catch (error) {
          controller.enqueue({ type: 'error', error });
          controller.close();
          return;
        }
        controller.enqueue({ type: 'text-end', id: 'echo' });
        controller.enqueue({ type: 'finish', finishReason: stop, usage: usage(options, text) });
        controller.close();
      },
    });
    return { stream };
  },
};
