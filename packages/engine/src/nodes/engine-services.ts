import type { TValueTypeCode } from '@flowsmith/shared';

export type TTextRequest = {
  nodeId: string;
  model: string;
  system?: string;
  prompt: string;
  temperature?: number;
  maxTokens?: number;
  customAiId?: string;
  signal: AbortSignal;
  onDelta(delta: string): void;
};

export type TImageRequest = {
  nodeId: string;
  model: string;
  prompt: string;
  size: string;
  signal: AbortSignal;
};

/** A stored image: the file the service kept and where the browser can fetch it. */
export type TStoredImage = { fileId: string; url: string; mediaType: string };

export type TCustomAiSettings = {
  id: string;
  model: string;
  systemPrompt: string;
  temperature: number;
  maxTokens: number | null;
};

export type TStoredValue = { key: string; value: string; type: TValueTypeCode };

export type TDatabaseQuery = { mode: 'all' | 'by_key' | 'filter'; key?: string; filter?: string };

/** What nodes need from the outside world; the server provides it, tests fake it. */
export type TEngineServices = {
  models: {
    streamText(request: TTextRequest): Promise<{ text: string }>;
    generateImage(request: TImageRequest): Promise<TStoredImage>;
  };
  customAis: { get(id: string): Promise<TCustomAiSettings | undefined> };
  databases: {
    read(databaseId: string, query: TDatabaseQuery): Promise<TStoredValue[]>;
    append(databaseId: string, value: TStoredValue): Promise<void>;
  };
  now(): Date;
};
