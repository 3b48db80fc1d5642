// @vitest-environment happy-dom
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { Button, Form } from "antd";
import { describe, expect, it, vi } from "vitest";
import { usePreferencesStore } from "@/providers/stores/preferences";
import { CustomFieldInputs, customFieldChanges } from "@/resources/custom-fields/custom-field-inputs";
import { CustomFieldValues } from "@/resources/label-reports/report/report-sections";
import type { CustomFieldDefinition } from "../../core/domain/custom-fields";
import { setupControlsDom } from "./controls-dom";

setupControlsDom();

const definitions: CustomFieldDefinition[] = [
  {
    id: "1",
    companyId: "c",
    key: "batch",
    name: "Batch",
    type: "text",
    options: [],
    required: true,
    partOfRecord: false,
    requiredSince: null,
  },
  {
    id: "2",
    companyId: "c",
    key: "packedOn",
    name: "Packed on",
    type: "date",
    options: [],
    required: false,
    partOfRecord: false,
    requiredSince: null,
  },
  {
    id: "3",
    companyId: "c",
    key: "pallets",
    name: "Pallets",
    type: "number",
    options: [],
    required: false,
    partOfRecord: false,
    requiredSince: null,
  },
];

describe("custom field values on a report", () => {
  it("shows each defined field with its value, dates in US format", () => {
    render(
      <CustomFieldValues definitions={definitions} values={{ batch: "L-1", packedOn: "2026-10-30", pallets: 1200 }} />,
    );
    expect(screen.getByText("L-1")).toBeTruthy();
    expect(screen.getByText("10/30/2026")).toBeTruthy();
    expect(screen.getByText("1,200")).toBeTruthy();
  });

  it("an empty value reads as a dash", () => {
    render(<CustomFieldValues definitions={definitions.slice(0, 1)} values={{}} />);
    expect(screen.getByText("—")).toBeTruthy();
  });

  it("a custom number and date read in the user's locale", () => {
    usePreferencesStore.setState({ locale: "de-DE" });
    try {
      render(
        <CustomFieldValues definitions={definitions.slice(1)} values={{ packedOn: "2026-10-30", pallets: 1200.5 }} />,
      );
      expect(screen.getByText("1.200,5")).toBeTruthy();
      expect(screen.getByText("30.10.2026")).toBeTruthy();
    } finally {
      usePreferencesStore.setState({ locale: "en-US" });
    }
  });
});

describe("custom field inputs", () => {
  it("submit the values under customFields, dates as YYYY-MM-DD", async () => {
    const onFinish = vi.fn();
    render(
      <Form onFinish={onFinish} initialValues={{ customFields: { batch: "L-2", packedOn: "2026-01-05" } }}>
        <CustomFieldInputs definitions={definitions} />
        <Button htmlType="submit">Save</Button>
      </Form>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(onFinish).toHaveBeenCalled());
    expect(onFinish.mock.calls[0]?.[0].customFields).toMatchObject({ batch: "L-2", packedOn: "2026-01-05" });
  });

  it("a custom date is picked in a calendar that speaks the chosen locale, and sent as YYYY-MM-DD", async () => {
    usePreferencesStore.setState({ locale: "de-DE" });
    try {
      const onFinish = vi.fn();
      render(
        <Form onFinish={onFinish} initialValues={{ customFields: { packedOn: "2026-03-04" } }}>
          <CustomFieldInputs definitions={definitions.slice(1, 2)} />
          <Button htmlType="submit">Save</Button>
        </Form>,
      );
      const field = screen.getByLabelText("Packed on") as HTMLInputElement;
      expect(field.value).toBe("04.03.2026");
      fireEvent.click(field);
      expect(screen.getByRole("grid").getAttribute("aria-label")).toBe("März 2026");
      fireEvent.click(screen.getByLabelText("Dienstag, 10. März 2026"));
      fireEvent.click(screen.getByRole("button", { name: "Save" }));
      await waitFor(() => expect(onFinish).toHaveBeenCalled());
      expect(onFinish.mock.calls[0]?.[0].customFields).toEqual({ packedOn: "2026-03-10" });
    } finally {
      usePreferencesStore.setState({ locale: "en-US" });
    }
  });

  it("in de-DE a custom number is typed with a decimal comma and sent as a number", async () => {
    usePreferencesStore.setState({ locale: "de-DE" });
    try {
      const onFinish = vi.fn();
      render(
        <Form onFinish={onFinish}>
          <CustomFieldInputs definitions={definitions.slice(2)} />
          <Button htmlType="submit">Save</Button>
        </Form>,
      );
      const input = screen.getByRole("spinbutton");
      fireEvent.change(input, { target: { value: "-2,5" } });
      fireEvent.blur(input);
      expect((input as HTMLInputElement).value).toBe("-2,5");
      fireEvent.click(screen.getByRole("button", { name: "Save" }));
      await waitFor(() => expect(onFinish).toHaveBeenCalled());
      expect(onFinish.mock.calls[0]?.[0].customFields).toEqual({ pallets: -2.5 });
    } finally {
      usePreferencesStore.setState({ locale: "en-US" });
    }
  });

  it("empty inputs are sent as null, which clears the stored value", () => {
    expect(customFieldChanges({ batch: "", pallets: undefined, packedOn: "2026-01-05" })).toEqual({
      batch: null,
      pallets: null,
      packedOn: "2026-01-05",
    });
  });
});
