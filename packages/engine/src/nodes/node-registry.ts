import type { TNodeRegistry } from '../run/run-types';
import { aiImageNode, aiProcessorNode } from './ai-nodes';
import { databaseNode, requestStorageNode } from './database-nodes';
import type { TEngineServices } from './engine-services';
import { aiImageOutputNode, aiOutputNode, inputNode, uiChatNode, uiNode } from './value-nodes';

/** How each runnable kind runs. Notes and groups never run: they are not in a run's workflow. */
export const nodeRegistry: TNodeRegistry<TEngineServices> = {
  input: inputNode,
  ui: uiNode,
  ui_chat: uiChatNode,
  ai_processor: aiProcessorNode,
  ai_output: aiOutputNode,
  ai_image: aiImageNode,
  ai_image_output: aiImageOutputNode,
  database: databaseNode,
  request_storage: requestStorageNode,
};
