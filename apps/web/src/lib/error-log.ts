import { create } from 'zustand';

export interface ErrorLogEntry {
  id: number;
  time: string;
  message: string;
  stack?: string;
  url: string;
  /** Where it came from: 'window', 'promise', 'render', 'route', … */
  source: string;
}

interface ErrorLogState {
  logs: ErrorLogEntry[];
  add(entry: Omit<ErrorLogEntry, 'id' | 'time' | 'url'> & { url?: string }): void;
  clear(): void;
}

const MAX_ENTRIES = 100;
let seq = 0;

/** Unhandled errors (production) and shell problems such as unknown page components, with the URL. */
export const useErrorLog = create<ErrorLogState>()((set) => ({
  logs: [],
  add: (entry) =>
    set((s) => ({
      logs: [
        {
          id: ++seq,
          time: new Date().toISOString(),
          url: entry.url ?? (typeof location === 'undefined' ? '' : location.href),
          ...entry,
        },
        ...s.logs,
      ].slice(0, MAX_ENTRIES),
    })),
  clear: () => set({ logs: [] }),
}));

export function logError(source: string, error: unknown, url?: string): void {
  const err = error instanceof Error ? error : new Error(typeof error === 'string' ? error : JSON.stringify(error));
  useErrorLog.getState().add({ source, message: err.message, stack: err.stack, url });
}

/** Hooks window errors into the store. The spec enables the error log in production only. */
export function installGlobalErrorLog(enabled: boolean): void {
  if (!enabled || typeof window === 'undefined') return;
  window.addEventListener('error', (e) => logError('window', e.error ?? e.message));
  window.addEventListener('unhandledrejection', (e) => logError('promise', e.reason));
}
