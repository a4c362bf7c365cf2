/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base address of the API; empty means same origin. */
  readonly VITE_API_URL?: string;
  /** Realtime server address; empty means the one the server hands out with the ws token. */
  readonly VITE_WS_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
