// @vitest-environment happy-dom
import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SnackbarList } from "@/components/global/snackbars/snackbar-list";
import { addSnackbar, closesOnClick, createSnackbar, displayOrder } from "@/components/global/snackbars/snackbar-rules";
import { useSnackbarStore } from "@/components/global/snackbars/snackbar-store";
import { setupControlsDom } from "./controls-dom";

setupControlsDom();

const store = () => useSnackbarStore.getState();
const titles = () => store().snackbars.map((s) => s.title);

beforeEach(() => {
  vi.useFakeTimers();
  store().clear();
});
afterEach(() => {
  store().clear();
  vi.useRealTimers();
});

describe("snackbar rules", () => {
  it("a snackbar lasts 2000 ms, closes on click, pauses on hover, has no close button and says 'More'", () => {
    expect(createSnackbar({ title: "Saved" })).toMatchObject({
      duration: 2000,
      closeOnClick: true,
      pauseOnHover: true,
      closable: false,
      actionLabel: "More",
      type: "info",
    });
  });

  it("adding a sixth removes the oldest", () => {
    let list = [1, 2, 3, 4, 5].map((n) => createSnackbar({ id: `s${n}`, title: `#${n}` }));
    const result = addSnackbar(list, createSnackbar({ id: "s6", title: "#6" }));
    list = result.list;
    expect(list.map((s) => s.id)).toEqual(["s2", "s3", "s4", "s5", "s6"]);
    expect(result.removed).toEqual(["s1"]);
  });

  it("a snackbar with a known id is replaced in place", () => {
    const list = [createSnackbar({ id: "a", title: "one" }), createSnackbar({ id: "b", title: "two" })];
    expect(addSnackbar(list, createSnackbar({ id: "a", title: "uno" })).list.map((s) => s.title)).toEqual([
      "uno",
      "two",
    ]);
  });

  it("a click closes it when closeOnClick is set and it is not closable", () => {
    expect(closesOnClick({ closeOnClick: true, closable: false })).toBe(true);
    expect(closesOnClick({ closeOnClick: true, closable: true })).toBe(false);
    expect(closesOnClick({ closeOnClick: false, closable: false })).toBe(false);
  });

  it("shown oldest first unless reversed", () => {
    const list = [createSnackbar({ id: "a", title: "a" }), createSnackbar({ id: "b", title: "b" })];
    expect(displayOrder(list).map((s) => s.id)).toEqual(["a", "b"]);
    expect(displayOrder(list, true).map((s) => s.id)).toEqual(["b", "a"]);
  });
});

describe("snackbar store", () => {
  it("snackbars are added to a list and removed on timeout (2000 ms)", () => {
    store().show({ title: "Saved" });
    expect(titles()).toEqual(["Saved"]);
    vi.advanceTimersByTime(1999);
    expect(titles()).toEqual(["Saved"]);
    vi.advanceTimersByTime(1);
    expect(titles()).toEqual([]);
  });

  it("at most 5: the oldest is removed when a sixth arrives", () => {
    for (let n = 1; n <= 6; n += 1) store().show({ title: `#${n}` });
    expect(titles()).toEqual(["#2", "#3", "#4", "#5", "#6"]);
  });

  it("removed on close", () => {
    const id = store().show({ title: "Saved", duration: 0 });
    store().close(id);
    expect(titles()).toEqual([]);
  });

  it("hover pauses the timeout when pauseOnHover is set, and leaving resumes it", () => {
    const id = store().show({ title: "Saved" });
    vi.advanceTimersByTime(1500);
    store().pause(id);
    vi.advanceTimersByTime(10_000);
    expect(titles()).toEqual(["Saved"]);
    store().resume(id);
    vi.advanceTimersByTime(499);
    expect(titles()).toEqual(["Saved"]);
    vi.advanceTimersByTime(1);
    expect(titles()).toEqual([]);
  });

  it("hover does not pause without pauseOnHover", () => {
    const id = store().show({ title: "Saved", pauseOnHover: false });
    store().pause(id);
    vi.advanceTimersByTime(2000);
    expect(titles()).toEqual([]);
  });

  it("the action runs its function and closes the snackbar", () => {
    const action = vi.fn();
    const id = store().show({ title: "Battery low", actionFunction: action });
    store().act(id);
    expect(action).toHaveBeenCalledOnce();
    expect(titles()).toEqual([]);
  });
});

describe("snackbar list", () => {
  it("renders title, text, sub-text and the action label 'More'; a click closes it", () => {
    render(<SnackbarList />);
    act(() => {
      store().show({
        title: "Battery low",
        text: "LBL-42 at 18 %",
        subText: "Replace it",
        actionFunction: () => undefined,
      });
    });
    const snackbar = screen.getByTestId("snackbar");
    expect(snackbar.textContent).toContain("Battery low");
    expect(snackbar.textContent).toContain("LBL-42 at 18 %");
    expect(snackbar.textContent).toContain("Replace it");
    expect(screen.getByRole("button", { name: "More" })).toBeTruthy();
    fireEvent.click(snackbar);
    expect(screen.queryByTestId("snackbar")).toBeNull();
  });

  it("a closable snackbar ignores clicks on its body and closes with its button", () => {
    render(<SnackbarList />);
    act(() => {
      store().show({ title: "Export ready", closable: true });
    });
    fireEvent.click(screen.getByTestId("snackbar"));
    expect(screen.getByTestId("snackbar")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(screen.queryByTestId("snackbar")).toBeNull();
  });

  it("hovering pauses the timeout (pauseOnHover)", () => {
    render(<SnackbarList />);
    act(() => {
      store().show({ title: "Saved" });
    });
    fireEvent.mouseEnter(screen.getByTestId("snackbar"));
    act(() => vi.advanceTimersByTime(5000));
    expect(screen.getByTestId("snackbar")).toBeTruthy();
    fireEvent.mouseLeave(screen.getByTestId("snackbar"));
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.queryByTestId("snackbar")).toBeNull();
  });

  it("errors are announced as alerts, others as status", () => {
    render(<SnackbarList />);
    act(() => {
      store().show({ title: "Failed", type: "error" });
      store().show({ title: "Done", type: "success" });
    });
    expect(screen.getByRole("alert").textContent).toContain("Failed");
    expect(screen.getByRole("status").textContent).toContain("Done");
  });
});
