/// <reference types="vite/client" />

/** Id of the running build, set by the build-id plugin in `build/build-id-plugin.ts`. */
declare const __BUILD_ID__: string;

interface ImportMetaEnv {
  /** Base address of the API; empty means same origin. */
  readonly VITE_API_URL?: string;
  /** Realtime server address; empty means the one the server hands out with the ws token. */
  readonly VITE_WS_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
