/**
 * The 'Sign out' / 'You have successfully signed out' snackbar, debounced 500 ms
 * several sign-out triggers at once show one notice.
 */

const SIGN_OUT_NOTICE = { message: "Sign out", description: "You have successfully signed out" } as const;
const SIGN_OUT_DEBOUNCE_MS = 500;

type Notify = (notice: { type: "success"; message: string; description: string }) => void;

let notify: Notify = () => {};
let timer: ReturnType<typeof setTimeout> | undefined;

/** The app registers how to show a snackbar (its notification provider's `open`). */
export function setSignOutNotifier(next: Notify): void {
  notify = next;
}

export function notifySignedOut(): void {
  if (timer !== undefined) clearTimeout(timer);
  timer = setTimeout(() => {
    timer = undefined;
    notify({ type: "success", ...SIGN_OUT_NOTICE });
  }, SIGN_OUT_DEBOUNCE_MS);
}
