import { storage, STORAGE_KEYS } from './storage';

/** Six hours without mouse or key activity end the session (customer-area §4, §9). */
export const IDLE_TIMEOUT_MS = 6 * 60 * 60 * 1000;
const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'wheel', 'touchstart'] as const;
/** Activity is written at most this often, so mouse moves do not hammer localStorage. */
const WRITE_EVERY_MS = 5_000;

interface ActivityStore {
  get(key: string): string | null;
  set(key: string, value: string): void;
}

/** Records "now" as the last activity (shared by every tab through localStorage). */
export function markActivity(now: number = Date.now(), store: ActivityStore = storage): void {
  store.set(STORAGE_KEYS.lastActivity, String(now));
}

/** The last activity of any tab, or undefined when none was recorded. */
export function lastActivity(store: ActivityStore = storage): number | undefined {
  const value = Number(store.get(STORAGE_KEYS.lastActivity));
  return Number.isFinite(value) && value > 0 ? value : undefined;
}

export interface IdleWatcherOptions {
  onIdle: () => void;
  /** Whether a session is open; nothing is checked while signed out. */
  isActive: () => boolean;
  timeoutMs?: number;
  checkEveryMs?: number;
  now?: () => number;
  store?: ActivityStore;
  target?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
}

/** Watches activity and calls onIdle once the idle time has passed in every tab; returns a stop function. */
export function startIdleWatcher({
  onIdle,
  isActive,
  timeoutMs = IDLE_TIMEOUT_MS,
  checkEveryMs = 60_000,
  now = Date.now,
  store = storage,
  target = window,
}: IdleWatcherOptions): () => void {
  let lastWrite = 0;
  const onActivity = () => {
    const time = now();
    if (time - lastWrite < WRITE_EVERY_MS) return;
    lastWrite = time;
    markActivity(time, store);
  };
  const check = () => {
    if (!isActive()) return;
    const last = lastActivity(store);
    if (last === undefined) {
      markActivity(now(), store);
      return;
    }
    if (now() - last >= timeoutMs) onIdle();
  };
  for (const event of ACTIVITY_EVENTS) target.addEventListener(event, onActivity, { passive: true });
  target.addEventListener('focus', check);
  const timer = setInterval(check, checkEveryMs);
  check();
  return () => {
    clearInterval(timer);
    target.removeEventListener('focus', check);
    for (const event of ACTIVITY_EVENTS) target.removeEventListener(event, onActivity);
  };
}
