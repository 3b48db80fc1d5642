import type { NotificationProvider, OpenNotificationParams } from "@refinedev/core";
import type { SnackbarInput } from "@/components/global/snackbars/snackbar-rules";
import { closeSnackbar, showSnackbar } from "@/components/global/snackbars/snackbar-store";
import { readableError } from "./readable-error";

/** Refine's default undo window, in seconds. */
const UNDOABLE_TIMEOUT_S = 5;
export const UNDO_LABEL = "Undo";

/**
 * Refine's notification call as a snackbar: message is the title, description the text.
 * An undoable mutation ('progress') shows an info snackbar with an Undo action for as
 * long as the mutation waits, with a close button.
 */
export function snackbarFromNotification(params: OpenNotificationParams): SnackbarInput {
  const base = {
    ...(params.key ? { id: params.key } : {}),
    title: params.message,
    // Refine's own error notifications describe a failed request by its response text: the
    // server's JSON. People read its message.
    ...(params.description ? { text: readableError({ message: params.description }) } : {}),
  };
  if (params.type === "progress") {
    return {
      ...base,
      type: "info",
      duration: (params.undoableTimeout ?? UNDOABLE_TIMEOUT_S) * 1000,
      closable: true,
      actionLabel: UNDO_LABEL,
      ...(params.cancelMutation ? { actionFunction: params.cancelMutation } : {}),
    };
  }
  return { ...base, type: params.type };
}

/** Refine's notifications shown as the dashboard's snackbars (src/components/global/snackbars). */
export const notificationProvider: NotificationProvider = {
  open: (params) => {
    showSnackbar(snackbarFromNotification(params));
  },
  close: (key) => closeSnackbar(key),
};
