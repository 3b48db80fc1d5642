import { ALARM_SEVERITIES, ALARM_STATES } from "@core/domain/alarms";
import type { Filter } from "@core/domain/list-query";
import { listResource } from "@core/domain/resources";
import { Select } from "antd";
import { useLocation, useNavigate } from "react-router";
import { applyFilters, listSearchString, parseListUrl } from "@/providers/list-url";
import { eqValue } from "@/resources/audit-trail/filter-values";
import { SEVERITY_TEXT, STATE_TEXT } from "./columns";

const RESOURCE = listResource("alarms");

const STATE_OPTIONS = ALARM_STATES.map((value) => ({ value, label: STATE_TEXT[value].label }));
const SEVERITY_OPTIONS = ALARM_SEVERITIES.map((value) => ({ value, label: SEVERITY_TEXT[value].label }));

/** The inbox's filters beside the search box (label id): state and severity, written into the list's URL. */
export function AlarmFilters() {
  const location = useLocation();
  const navigate = useNavigate();
  const state = parseListUrl(location.search, RESOURCE);
  const change = (key: string, value: string | undefined) => {
    const next: Filter[] = value ? [{ key, operator: "eq", value }] : [];
    navigate({ pathname: location.pathname, search: listSearchString(applyFilters(state, next, [key]), RESOURCE) });
  };
  return (
    <>
      <Select
        allowClear
        aria-label="Filter by state"
        placeholder="Any state"
        style={{ minWidth: 150 }}
        options={STATE_OPTIONS}
        value={eqValue(state.filters, "state") ?? null}
        onChange={(value: string | undefined) => change("state", value)}
      />
      <Select
        allowClear
        aria-label="Filter by severity"
        placeholder="Any severity"
        style={{ minWidth: 150 }}
        options={SEVERITY_OPTIONS}
        value={eqValue(state.filters, "severity") ?? null}
        onChange={(value: string | undefined) => change("severity", value)}
      />
    </>
  );
}
