// @vitest-environment happy-dom
import { act, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Autocomplete } from "@/components/controls/select/autocomplete";
import { autocompleteText, queryAfter } from "@/components/controls/select/autocomplete-state";
import { MultiSelect } from "@/components/controls/select/multi-select";
import { Select } from "@/components/controls/select/select";
import {
  closesOnChoose,
  filterOptions,
  nextEnabledIndex,
  optionText,
  type SelectOption,
  TYPE_AHEAD_RESET_MS,
  toggleValue,
} from "@/components/controls/select/select-options";
import { findTypeAheadMatch, TypeAhead } from "@/components/controls/select/type-ahead";
import { virtualWindow } from "@/components/controls/select/virtual-window";
import { setupControlsDom } from "./controls-dom";

setupControlsDom();
afterEach(() => vi.useRealTimers());

const OPTIONS: SelectOption[] = [
  { value: "nl", label: "Netherlands", subLabel: "Amsterdam", displayValue: "NL – Netherlands" },
  { value: "de", label: "Germany", subLabel: "Berlin" },
  { value: "fr", label: "France", subLabel: "Paris", disabled: true },
  { value: "gb", label: "Great Britain", subLabel: "London" },
];

describe("select rules", () => {
  it("displayValue is the text shown in the input, the label otherwise", () => {
    expect(optionText(OPTIONS[0] as SelectOption)).toBe("NL – Netherlands");
    expect(optionText(OPTIONS[1] as SelectOption)).toBe("Germany");
  });

  it("filter: case-insensitive substring over displayValue, label and subLabel", () => {
    expect(filterOptions(OPTIONS, "nl –").map((o) => o.value)).toEqual(["nl"]);
    expect(filterOptions(OPTIONS, "GERM").map((o) => o.value)).toEqual(["de"]);
    expect(filterOptions(OPTIONS, "lin").map((o) => o.value)).toEqual(["de"]);
    expect(filterOptions(OPTIONS, "an").map((o) => o.value)).toEqual(["nl", "de", "fr"]);
    expect(filterOptions(OPTIONS, "")).toHaveLength(4);
    expect(filterOptions(OPTIONS, "xyz")).toEqual([]);
  });

  it("a single select closes when an option is chosen; a multi-select stays open", () => {
    expect(closesOnChoose(false)).toBe(true);
    expect(closesOnChoose(true)).toBe(false);
  });

  it("choosing in a multi-select toggles the option", () => {
    expect(toggleValue(["a"], "b")).toEqual(["a", "b"]);
    expect(toggleValue(["a", "b"], "a")).toEqual(["b"]);
  });

  it("keyboard movement skips disabled options and wraps", () => {
    expect(nextEnabledIndex(OPTIONS, 1, 1)).toBe(3);
    expect(nextEnabledIndex(OPTIONS, 3, 1)).toBe(0);
    expect(nextEnabledIndex(OPTIONS, 0, -1)).toBe(3);
  });

  it("virtual list: rows of an estimated 40 px, 12 more rendered on each side of the viewport", () => {
    expect(virtualWindow({ count: 500, scrollTop: 0, viewportHeight: 240 })).toEqual({
      start: 0,
      end: 19,
      offsetTop: 0,
      totalHeight: 20_000,
    });
    expect(virtualWindow({ count: 500, scrollTop: 4000, viewportHeight: 240 })).toEqual({
      start: 88,
      end: 119,
      offsetTop: 3520,
      totalHeight: 20_000,
    });
    expect(virtualWindow({ count: 10, scrollTop: 0, viewportHeight: 240 }).end).toBe(10);
  });

  it("type-ahead: letters within 350 ms search together, a longer pause starts over", () => {
    const typeAhead = new TypeAhead();
    expect(typeAhead.push("g", 0)).toBe("g");
    expect(typeAhead.push("r", 300)).toBe("gr");
    expect(typeAhead.push("e", 650)).toBe("gre");
    expect(typeAhead.push("n", 1001)).toBe("n");
  });

  it("type-ahead finds the next enabled option starting with the text; a repeated letter cycles", () => {
    expect(findTypeAheadMatch(OPTIONS, "gr", 0)).toBe(3);
    expect(findTypeAheadMatch(OPTIONS, "g", 1)).toBe(3);
    expect(findTypeAheadMatch(OPTIONS, "gg", 3)).toBe(1);
    expect(findTypeAheadMatch(OPTIONS, "f", 0)).toBe(-1);
    expect(findTypeAheadMatch(OPTIONS, "nl", -1)).toBe(0);
  });

  it("autocomplete: typed text, else the chosen option's display value; blur and choose clear the text", () => {
    expect(autocompleteText("ger", OPTIONS, "nl")).toBe("ger");
    expect(autocompleteText(null, OPTIONS, "nl")).toBe("NL – Netherlands");
    expect(autocompleteText(null, OPTIONS, null)).toBe("");
    expect(queryAfter("blur")).toBeNull();
    expect(queryAfter("choose")).toBeNull();
    expect(queryAfter("type", "ge")).toBe("ge");
  });
});

function SingleHarness() {
  const [value, setValue] = useState<string | null>(null);
  return <Select aria-label="Country" options={OPTIONS} value={value} onChange={setValue} />;
}

function MultiHarness() {
  const [value, setValue] = useState<string[]>([]);
  return <MultiSelect aria-label="Countries" options={OPTIONS} value={value} onChange={setValue} />;
}

describe("select component", () => {
  it("shows the placeholder, opens on click and closes when an option is chosen", () => {
    render(<SingleHarness />);
    const field = screen.getByRole("combobox", { name: "Country" });
    expect(field.textContent).toContain("Select option");
    fireEvent.click(field);
    const list = screen.getByRole("listbox");
    expect(list.style.maxHeight).toBe("15rem");
    fireEvent.click(screen.getByRole("option", { name: /Germany/ }));
    expect(screen.queryByRole("listbox")).toBeNull();
    expect(field.textContent).toContain("Germany");
    expect(field.getAttribute("aria-expanded")).toBe("false");
  });

  it("shows the displayValue of the chosen option", () => {
    render(<Select aria-label="Country" options={OPTIONS} value="nl" onChange={() => undefined} />);
    expect(screen.getByRole("combobox", { name: "Country" }).textContent).toContain("NL – Netherlands");
  });

  it("keyboard: arrows and Enter choose; disabled options are skipped", () => {
    render(<SingleHarness />);
    const field = screen.getByRole("combobox", { name: "Country" });
    fireEvent.keyDown(field, { key: "ArrowDown" });
    fireEvent.keyDown(field, { key: "ArrowDown" });
    fireEvent.keyDown(field, { key: "ArrowDown" });
    expect(field.getAttribute("aria-activedescendant")).toContain("option-3");
    fireEvent.keyDown(field, { key: "Enter" });
    expect(field.textContent).toContain("Great Britain");
  });

  it("type-ahead on the closed select chooses; the search resets after 350 ms", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(0);
    render(<SingleHarness />);
    const field = screen.getByRole("combobox", { name: "Country" });
    fireEvent.keyDown(field, { key: "g" });
    expect(field.textContent).toContain("Germany");
    vi.setSystemTime(100);
    fireEvent.keyDown(field, { key: "r" });
    expect(field.textContent).toContain("Great Britain");
    vi.setSystemTime(100 + TYPE_AHEAD_RESET_MS + 1);
    fireEvent.keyDown(field, { key: "n" });
    expect(field.textContent).toContain("NL – Netherlands");
  });

  it("a multi-select stays open while options are chosen", () => {
    render(<MultiHarness />);
    const field = screen.getByRole("combobox", { name: "Countries" });
    fireEvent.click(field);
    fireEvent.click(screen.getByRole("option", { name: /Germany/ }));
    fireEvent.click(screen.getByRole("option", { name: /Great Britain/ }));
    expect(screen.getByRole("listbox").getAttribute("aria-multiselectable")).toBe("true");
    expect(field.textContent).toContain("Germany, Great Britain");
    fireEvent.click(screen.getByRole("option", { name: /Germany/ }));
    expect(field.textContent).not.toContain("Germany");
  });

  it("renders only the visible rows plus the overscan of a long list", () => {
    const many = Array.from({ length: 500 }, (_, i) => ({ value: `v${i}`, label: `Option ${i}` }));
    render(<Select aria-label="Many" options={many} value={null} onChange={() => undefined} />);
    fireEvent.click(screen.getByRole("combobox", { name: "Many" }));
    const rendered = screen.getAllByRole("option");
    expect(rendered.length).toBeLessThan(40);
    expect(rendered[0]?.getAttribute("aria-setsize")).toBe("500");
  });
});

function AutocompleteHarness({ spy }: { spy?: (v: string | null) => void }) {
  const [value, setValue] = useState<string | null>(null);
  return (
    <>
      <Autocomplete
        aria-label="Country"
        options={OPTIONS}
        value={value}
        onChange={(v) => {
          spy?.(v);
          setValue(v);
        }}
      />
      <button type="button">elsewhere</button>
    </>
  );
}

describe("autocomplete component", () => {
  it("filters as you type and says 'No options found' when nothing matches", () => {
    render(<AutocompleteHarness />);
    const input = screen.getByRole("combobox", { name: "Country" });
    fireEvent.change(input, { target: { value: "BERL" } });
    expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual(["GermanyBerlin"]);
    fireEvent.change(input, { target: { value: "zzz" } });
    expect(screen.getByText("No options found")).toBeTruthy();
  });

  it("choosing an option clears the typed text and shows the option's display value", () => {
    const spy = vi.fn();
    render(<AutocompleteHarness spy={spy} />);
    const input = screen.getByRole("combobox", { name: "Country" }) as HTMLInputElement;
    fireEvent.change(input, { target: { value: "amster" } });
    fireEvent.keyDown(input, { key: "Enter" });
    expect(spy).toHaveBeenCalledWith("nl");
    expect(input.value).toBe("NL – Netherlands");
    expect(screen.queryByRole("listbox")).toBeNull();
  });

  it("losing focus clears the typed text", () => {
    render(<AutocompleteHarness />);
    const input = screen.getByRole("combobox", { name: "Country" }) as HTMLInputElement;
    fireEvent.change(input, { target: { value: "ger" } });
    expect(input.value).toBe("ger");
    act(() => {
      fireEvent.blur(input);
    });
    expect(input.value).toBe("");
  });
});
