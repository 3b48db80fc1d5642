// @vitest-environment happy-dom
import { fireEvent, render, screen } from "@testing-library/react";
import { Form } from "antd";
import { useState } from "react";
import { createRoot } from "react-dom/client";
import { describe, expect, it } from "vitest";
import { FormCheckboxGroup } from "@/components/controls/form-groups/form-groups";
import { setupControlsDom } from "./controls-dom";

setupControlsDom();

const OPTIONS = [
  { value: "temperature", label: "Temperature" },
  { value: "humidity", label: "Humidity" },
  { value: "shock", label: "Shock" },
] as const;

function Controlled({ initial = [] as string[] }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <FormCheckboxGroup options={OPTIONS} value={value} onChange={setValue} />
      <output>{value.join(",")}</output>
    </>
  );
}

describe("a group of checkboxes choosing several options", () => {
  it("reports the chosen options in the options' order, whatever the clicking order", () => {
    render(<Controlled />);
    fireEvent.click(screen.getByRole("checkbox", { name: "Shock" }));
    fireEvent.click(screen.getByRole("checkbox", { name: "Temperature" }));
    expect(screen.getByRole("status").textContent).toBe("temperature,shock");
  });

  it("unchecking a box removes only its option", () => {
    render(<Controlled initial={["temperature", "humidity"]} />);
    fireEvent.click(screen.getByRole("checkbox", { name: "Temperature" }));
    expect(screen.getByRole("status").textContent).toBe("humidity");
    expect(screen.getByRole<HTMLInputElement>("checkbox", { name: "Humidity" }).checked).toBe(true);
  });

  it("a disabled box keeps its option chosen when another box changes", () => {
    render(
      <FormCheckboxGroup
        options={[{ ...OPTIONS[0], disabled: true }, OPTIONS[1]]}
        value={["temperature"]}
        onChange={(value) => {
          document.title = value.join(",");
        }}
      />,
    );
    fireEvent.click(screen.getByRole("checkbox", { name: "Humidity" }));
    expect(document.title).toBe("temperature,humidity");
  });

  // antd's Checkbox.Group passes on only the values its boxes registered in an effect: a box
  // clicked between the commit and those effects (a panel just opened on a busy machine) was
  // dropped. A MutationObserver runs right after React's commit, before its passive effects.
  it("a box clicked as soon as the form appears, before React's effects have run, is chosen", async () => {
    const previous = (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT;
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    const container = document.createElement("div");
    document.body.append(container);
    const root = createRoot(container);
    let clicked = false;
    const observer = new MutationObserver(() => {
      const box = container.querySelector<HTMLInputElement>('input[value="humidity"]');
      if (box && !clicked) {
        clicked = true;
        box.click();
      }
    });
    observer.observe(container, { childList: true, subtree: true });
    let values: unknown;
    root.render(
      <Form onValuesChange={(_changed, all) => (values = all)}>
        <Form.Item name="violations">
          <FormCheckboxGroup options={OPTIONS} />
        </Form.Item>
      </Form>,
    );
    await expect.poll(() => clicked).toBe(true);
    await expect.poll(() => container.querySelector<HTMLInputElement>('input[value="humidity"]')?.checked).toBe(true);
    expect(values).toEqual({ violations: ["humidity"] });
    observer.disconnect();
    root.unmount();
    container.remove();
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = previous;
  });

  // The invite form lays its roles out in a two-column grid; antd's Flex would set
  // `display: flex` in a rule as specific as that class, and the sheets' order would decide.
  it("a caller's layout class is the only layout on the group", () => {
    render(<FormCheckboxGroup options={OPTIONS} className="roleGrid" />);
    const group = screen.getByRole("group");
    expect(group.className).toBe("roleGrid");
  });
});
