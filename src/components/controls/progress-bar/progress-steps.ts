/** The stepped progress bar's rules: each step complete, current, next or upcoming, and which may be clicked. */

export type StepStatus = "complete" | "current" | "next" | "upcoming";

export interface ProgressStep {
  label: string;
  status: StepStatus;
}

/** Steps before the current one are complete, the one right after is next, the rest upcoming. */
export function stepStatus(index: number, currentIndex: number): StepStatus {
  if (index < currentIndex) return "complete";
  if (index === currentIndex) return "current";
  if (index === currentIndex + 1) return "next";
  return "upcoming";
}

export function buildSteps(labels: readonly string[], currentIndex: number): ProgressStep[] {
  return labels.map((label, index) => ({ label, status: stepStatus(index, currentIndex) }));
}

/** Only complete and next steps can be navigated to. */
export function isNavigable(status: StepStatus): boolean {
  return status === "complete" || status === "next";
}

/** The bar shows only with more than one step. */
export function showProgressBar(steps: readonly ProgressStep[]): boolean {
  return steps.length > 1;
}
