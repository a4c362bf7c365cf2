// The host APIs the engine may use: the web-standard timers and abort signals that Node and
// browsers both have. Nothing else of its host is visible to it (`"types": []`).

declare function setTimeout(callback: () => void, ms: number): unknown;
declare function clearTimeout(timer: unknown): void;

interface AbortSignal {
  readonly aborted: boolean;
  readonly reason: unknown;
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}
declare const AbortSignal: {
  prototype: AbortSignal;
  /** A signal that aborts as soon as any of the given ones does. */
  any(signals: AbortSignal[]): AbortSignal;
};

interface AbortController {
  readonly signal: AbortSignal;
  abort(reason?: unknown): void;
}
declare const AbortController: { prototype: AbortController; new (): AbortController };
