import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useSnackbarStore } from "@/components/global/snackbars/snackbar-store";
import { notificationProvider, snackbarFromNotification, UNDO_LABEL } from "@/providers/notification-provider";

beforeEach(() => {
  vi.useFakeTimers();
  useSnackbarStore.getState().clear();
});
afterEach(() => {
  useSnackbarStore.getState().clear();
  vi.useRealTimers();
});

const list = () => useSnackbarStore.getState().snackbars;

describe("notification provider (Refine's open/close as snackbars)", () => {
  it("the sign-out notification becomes a success snackbar 'Sign out' / 'You have successfully signed out'", () => {
    notificationProvider.open({
      type: "success",
      message: "Sign out",
      description: "You have successfully signed out",
    });
    expect(list()).toHaveLength(1);
    expect(list()[0]).toMatchObject({
      type: "success",
      title: "Sign out",
      text: "You have successfully signed out",
      duration: 2000,
      closeOnClick: true,
      pauseOnHover: true,
    });
    vi.advanceTimersByTime(2000);
    expect(list()).toHaveLength(0);
  });

  it("an error notification becomes an error snackbar", () => {
    expect(snackbarFromNotification({ type: "error", message: "Could not save", description: "Too long" })).toEqual({
      type: "error",
      title: "Could not save",
      text: "Too long",
    });
  });

  it("a failed request's JSON answer shows as the server's message, not as raw JSON", () => {
    const description = JSON.stringify({ message: "Label preset not found" });
    expect(snackbarFromNotification({ type: "error", message: "Error (status code: 404)", description })).toEqual({
      type: "error",
      title: "Error (status code: 404)",
      text: "Label preset not found",
    });
  });

  it("a keyed notification replaces the earlier one with that key, and close(key) removes it", () => {
    notificationProvider.open({ key: "save", type: "success", message: "Saving" });
    notificationProvider.open({ key: "save", type: "success", message: "Saved" });
    expect(list().map((s) => s.title)).toEqual(["Saved"]);
    notificationProvider.close("save");
    expect(list()).toHaveLength(0);
  });

  it("an undoable mutation shows an info snackbar with an Undo action for its timeout", () => {
    const cancelMutation = vi.fn();
    notificationProvider.open({
      key: "undo",
      type: "progress",
      message: "Deleting",
      cancelMutation,
      undoableTimeout: 3,
    });
    const [snackbar] = list();
    expect(snackbar).toMatchObject({ type: "info", actionLabel: UNDO_LABEL, closable: true, duration: 3000 });
    useSnackbarStore.getState().act("undo");
    expect(cancelMutation).toHaveBeenCalledOnce();
    expect(list()).toHaveLength(0);
  });
});
