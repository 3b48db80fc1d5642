/** One color per lane or carrier, in the order of the rows (most shipments first). */
const GROUP_COLORS = ["#1668dc", "#d4380d", "#389e0d", "#722ed1", "#d48806", "#08979c", "#c41d7f", "#5b8c00"];

export const groupColor = (index: number) => GROUP_COLORS[index % GROUP_COLORS.length] as string;

/** The charts draw this many groups (the ones with most shipments); the table lists them all. */
export const CHARTED_GROUPS = GROUP_COLORS.length;
