// @vitest-environment happy-dom
import { render, screen } from "@testing-library/react";
import { ConfigProvider } from "antd";
import { describe, expect, test } from "vitest";
import { AntdHashProvider } from "@/components/controls/antd-hash/antd-hash";
import { PlainTag } from "@/components/controls/plain-tag/plain-tag";
import { setupControlsDom } from "./controls-dom";

setupControlsDom();

describe("a plain tag", () => {
  test("carries antd's tag classes for its colour and border, so antd's sheet draws it as a Tag", () => {
    render(
      <PlainTag color="error" bordered={false}>
        Shock
      </PlainTag>,
    );
    expect(screen.getByText("Shock").className.split(" ")).toEqual(
      expect.arrayContaining(["ant-tag", "ant-tag-error", "ant-tag-borderless"]),
    );
  });

  test("carries the theme's hash class, which scopes every rule of antd's sheet", () => {
    render(
      <ConfigProvider>
        <AntdHashProvider>
          <PlainTag>Recording</PlainTag>
        </AntdHashProvider>
      </ConfigProvider>,
    );
    expect(screen.getByText("Recording").className).toMatch(/^css-[a-z0-9-]+ ant-tag$/);
  });
});
