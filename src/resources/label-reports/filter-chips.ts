import { CUSTOM_FIELD_FILTER_PREFIX } from "@core/domain/custom-fields";
import { DISPOSITION_LABELS, isDisposition } from "@core/domain/disposition";
import { type BandSeverity, SEVERITY_TEXT } from "@core/domain/limit-bands";
import { type Filter, listItems } from "@core/domain/list-query";
import { LABEL_STATUS_TEXT, LABEL_STATUSES, type LabelStatus } from "@core/domain/resources";
import { humanize } from "@/components/list/columns";
import type { FilterChip } from "@/components/list/list-selection";
import { toValues, VIOLATION_LABELS } from "./filter-values";

/** Names the chips show instead of ids, as far as they are known yet (else a count). */
export interface ChipNames {
  timeZone: string;
  presets: ReadonlyMap<string, string>;
  companies: ReadonlyMap<string, string>;
  /** Custom-field names by key. */
  customFields: ReadonlyMap<string, string>;
}

const isStatus = (value: string): value is LabelStatus => LABEL_STATUSES.includes(value as LabelStatus);

function named(title: string, ids: string[], names: ReadonlyMap<string, string>): string {
  const known = ids.map((id) => names.get(id));
  if (known.every((name): name is string => name !== undefined)) return `${title}: ${known.join(", ")}`;
  return `${title}: ${ids.length} chosen`;
}

/** A custom-field filter's values as typed: "contains" without its wildcards, a range as "from – to". */
function customFieldText(filters: readonly Filter[]): string {
  return filters
    .flatMap((f) => (f.operator === "includes" ? listItems(f) : [f.value.replace(/^%|%$/g, "")]))
    .join(" – ");
}

/**
 * The label report list's applied filters as chips, in the order of the filters panel; each
 * removes what its control in the panel sets (a range, both its ends). Pure.
 */
export function labelReportFilterChips(filters: Filter[], names: ChipNames): FilterChip[] {
  const values = toValues(filters, names.timeZone);
  const chips: FilterChip[] = [];
  if (values.companyId.length)
    chips.push({ label: named("Company", values.companyId, names.companies), keys: ["companyId"] });
  if (values.status.length)
    chips.push({
      label: `Status: ${values.status.map((s) => (isStatus(s) ? LABEL_STATUS_TEXT[s] : s)).join(", ")}`,
      keys: ["status"],
    });
  if (values.presetId.length)
    chips.push({ label: named("Preset", values.presetId, names.presets), keys: ["presetId"] });
  if (values.disposition.length)
    chips.push({
      label: `Disposition: ${values.disposition.map((d) => (isDisposition(d) ? DISPOSITION_LABELS[d] : d)).join(", ")}`,
      keys: ["disposition"],
    });
  if (values.severity.length)
    chips.push({
      label: `Worst severity: ${values.severity.map((s) => SEVERITY_TEXT[s as BandSeverity] ?? s).join(", ")}`,
      keys: ["severity"],
    });
  if (values.started) {
    // A day as the person's dates read (US: MM/DD/YYYY), without a time.
    const day = (value: string) => `${value.slice(5, 7)}/${value.slice(8, 10)}/${value.slice(0, 4)}`;
    chips.push({ label: `Started: ${day(values.started.from)} – ${day(values.started.to)}`, keys: ["startTime"] });
  }
  if (values.transportMode.length)
    chips.push({ label: `Transport: ${values.transportMode.map(humanize).join(", ")}`, keys: ["transportMode"] });
  for (const violation of values.violations) chips.push({ label: VIOLATION_LABELS[violation], keys: [violation] });
  if (values.anyViolation) chips.push({ label: "Any violation", keys: ["violation"] });
  if (values.awaitingDisposition) chips.push({ label: "Awaiting disposition", keys: ["dispositioned"] });
  if (values.showArchived) chips.push({ label: "Archived reports shown", keys: ["isArchived"] });
  const customKeys = [
    ...new Set(filters.map((f) => f.key).filter((key) => key.startsWith(CUSTOM_FIELD_FILTER_PREFIX))),
  ];
  for (const key of customKeys) {
    const name = names.customFields.get(key.slice(CUSTOM_FIELD_FILTER_PREFIX.length)) ?? "Custom field";
    chips.push({ label: `${name}: ${customFieldText(filters.filter((f) => f.key === key))}`, keys: [key] });
  }
  return chips;
}
