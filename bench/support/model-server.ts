/**
 * The fake OpenAI-compatible server (`delayed-chat` answers after 200 ms) as a process of its
 * own, as a real provider would be: in the measuring process its timers and sockets would wait
 * behind the app's work, and every model call would look slower than the model is. Prints its
 * base URL on one line, then serves until it is stopped.
 */
import { startFakeOpenAiServer } from '../../apps/server/src/test/fake-openai-server';

const model = await startFakeOpenAiServer();
console.log(model.baseUrl);
process.once('SIGTERM', () => void model.close().then(() => process.exit(0)));
