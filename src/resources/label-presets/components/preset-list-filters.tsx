import type { Filter } from "@core/domain/list-query";
import { listResource } from "@core/domain/resources";
import { Segmented, Select } from "antd";
import { useLocation, useNavigate } from "react-router";
import { applyFilters, listSearchString, parseListUrl } from "@/providers/list-url";
import {
  ARCHIVE_FILTER_KEY,
  type ArchiveChoice,
  archiveChoiceOf,
  archiveFilters,
  UNIT_FILTERS,
  unitFilters,
  unitsOf,
} from "../preset-filters";
import styles from "./preset-list-filters.module.css";

const RESOURCE = listResource("label-presets");

/**
 * The list's filters beside the search box. They change the URL (a push), which the
 * list follows, so they are saved with the list like any other selection.
 */
export function PresetListFilters() {
  const location = useLocation();
  const navigate = useNavigate();
  const state = parseListUrl(location.search, RESOURCE);

  const apply = (filters: Filter[], cleared: string[]) =>
    navigate({
      pathname: location.pathname,
      search: listSearchString(applyFilters(state, filters, cleared), RESOURCE),
    });

  return (
    <>
      <Segmented<ArchiveChoice>
        aria-label="Archived presets"
        value={archiveChoiceOf(state.filters)}
        onChange={(choice) => apply(archiveFilters(choice), [ARCHIVE_FILTER_KEY])}
        options={[
          { value: "all", label: "All" },
          { value: "active", label: "Active" },
          { value: "archived", label: "Archived" },
        ]}
      />
      <Select
        mode="multiple"
        allowClear
        aria-label="Units measured"
        placeholder="Any unit"
        className={styles.units}
        value={unitsOf(state.filters)}
        onChange={(units) =>
          apply(
            unitFilters(units),
            UNIT_FILTERS.map((u) => u.key),
          )
        }
        options={UNIT_FILTERS.map((u) => ({ value: u.unit, label: u.label }))}
      />
    </>
  );
}
