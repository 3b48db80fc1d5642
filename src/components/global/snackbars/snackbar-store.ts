import { create } from "zustand";
import {
  addSnackbar,
  closesOnClick,
  createSnackbar,
  hasTimeout,
  type Snackbar,
  type SnackbarInput,
} from "./snackbar-rules";

/**
 * The snackbar list: added, then removed on close, on timeout, on a click (when
 * closeOnClick and not closable), or when more than five are shown (the oldest goes).
 * Hovering pauses the timeout of a snackbar with pauseOnHover.
 */

interface Timer {
  handle: ReturnType<typeof setTimeout> | null;
  startedAt: number;
  remaining: number;
}

export interface SnackbarState {
  snackbars: Snackbar[];
  /** Shows a snackbar (or replaces the one with the same id); returns its id. */
  show(input: SnackbarInput): string;
  close(id: string): void;
  /** A click on the snackbar's body. */
  click(id: string): void;
  /** The action button: runs the action, then closes. */
  act(id: string): void;
  pause(id: string): void;
  resume(id: string): void;
  clear(): void;
}

const timers = new Map<string, Timer>();

function stopTimer(id: string) {
  const timer = timers.get(id);
  if (timer?.handle) clearTimeout(timer.handle);
  timers.delete(id);
}

export const useSnackbarStore = create<SnackbarState>()((set, get) => {
  function startTimer(id: string, remaining: number) {
    stopTimer(id);
    timers.set(id, { handle: setTimeout(() => get().close(id), remaining), startedAt: Date.now(), remaining });
  }

  return {
    snackbars: [],
    show(input) {
      const snackbar = createSnackbar(input);
      const { list, removed } = addSnackbar(get().snackbars, snackbar);
      for (const id of removed) stopTimer(id);
      set({ snackbars: list });
      if (hasTimeout(snackbar)) startTimer(snackbar.id, snackbar.duration);
      else stopTimer(snackbar.id);
      return snackbar.id;
    },
    close(id) {
      stopTimer(id);
      if (get().snackbars.some((item) => item.id === id)) {
        set({ snackbars: get().snackbars.filter((item) => item.id !== id) });
      }
    },
    click(id) {
      const snackbar = get().snackbars.find((item) => item.id === id);
      if (snackbar && closesOnClick(snackbar)) get().close(id);
    },
    act(id) {
      const snackbar = get().snackbars.find((item) => item.id === id);
      if (!snackbar) return;
      snackbar.actionFunction?.();
      get().close(id);
    },
    pause(id) {
      const snackbar = get().snackbars.find((item) => item.id === id);
      const timer = timers.get(id);
      if (!snackbar?.pauseOnHover || !timer?.handle) return;
      clearTimeout(timer.handle);
      timers.set(id, {
        handle: null,
        startedAt: 0,
        remaining: Math.max(0, timer.remaining - (Date.now() - timer.startedAt)),
      });
    },
    resume(id) {
      const timer = timers.get(id);
      if (!timer || timer.handle) return;
      startTimer(id, timer.remaining);
    },
    clear() {
      for (const id of [...timers.keys()]) stopTimer(id);
      set({ snackbars: [] });
    },
  };
});

/** Shows a snackbar from anywhere (outside React too). */
export function showSnackbar(input: SnackbarInput): string {
  return useSnackbarStore.getState().show(input);
}

export function closeSnackbar(id: string): void {
  useSnackbarStore.getState().close(id);
}
