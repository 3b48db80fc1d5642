/** The snackbar rules (which notices show, for how long, in what order), as pure functions over the list. */

export type SnackbarType = "warning" | "error" | "info" | "success";

export interface Snackbar {
  id: string;
  title: string;
  text?: string;
  subText?: string;
  type: SnackbarType;
  /** ms until it closes by itself; 0 or less (or Infinity) keeps it until closed. */
  duration: number;
  /** Shows a close button; a closable snackbar does not close on a click on it. */
  closable: boolean;
  actionFunction?: () => void;
  actionLabel: string;
  pauseOnHover: boolean;
  closeOnClick: boolean;
}

export type SnackbarInput = Partial<Omit<Snackbar, "title">> & { title: string };

export const SNACKBAR_DEFAULTS = {
  duration: 2000,
  maxCount: 5,
  closeOnClick: true,
  pauseOnHover: true,
  reverse: false,
  closable: false,
  actionLabel: "More",
  type: "info" as SnackbarType,
};

let sequence = 0;

export function createSnackbar(input: SnackbarInput): Snackbar {
  sequence += 1;
  return {
    id: input.id ?? `snackbar-${sequence}`,
    title: input.title,
    ...(input.text === undefined ? {} : { text: input.text }),
    ...(input.subText === undefined ? {} : { subText: input.subText }),
    type: input.type ?? SNACKBAR_DEFAULTS.type,
    duration: input.duration ?? SNACKBAR_DEFAULTS.duration,
    closable: input.closable ?? SNACKBAR_DEFAULTS.closable,
    ...(input.actionFunction ? { actionFunction: input.actionFunction } : {}),
    actionLabel: input.actionLabel ?? SNACKBAR_DEFAULTS.actionLabel,
    pauseOnHover: input.pauseOnHover ?? SNACKBAR_DEFAULTS.pauseOnHover,
    closeOnClick: input.closeOnClick ?? SNACKBAR_DEFAULTS.closeOnClick,
  };
}

/**
 * The list after adding: a snackbar with a known id is replaced in place; a new one is
 * appended, and the oldest are removed beyond the maximum count. Returns the removed ids too.
 */
export function addSnackbar(
  list: readonly Snackbar[],
  snackbar: Snackbar,
  maxCount: number = SNACKBAR_DEFAULTS.maxCount,
): { list: Snackbar[]; removed: string[] } {
  if (list.some((item) => item.id === snackbar.id)) {
    return { list: list.map((item) => (item.id === snackbar.id ? snackbar : item)), removed: [] };
  }
  const next = [...list, snackbar];
  const overflow = Math.max(0, next.length - maxCount);
  return { list: next.slice(overflow), removed: next.slice(0, overflow).map((item) => item.id) };
}

/** A click on the snackbar closes it when closeOnClick is set and it is not closable. */
export function closesOnClick(snackbar: Pick<Snackbar, "closeOnClick" | "closable">): boolean {
  return snackbar.closeOnClick && !snackbar.closable;
}

/** Whether the snackbar closes by itself. */
export function hasTimeout(snackbar: Pick<Snackbar, "duration">): boolean {
  return Number.isFinite(snackbar.duration) && snackbar.duration > 0;
}

/** The display order: oldest first unless reversed. */
export function displayOrder(list: readonly Snackbar[], reverse: boolean = SNACKBAR_DEFAULTS.reverse): Snackbar[] {
  return reverse ? [...list].reverse() : [...list];
}
