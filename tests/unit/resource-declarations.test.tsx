import { createRoutesFromElements, matchRoutes } from "react-router";
import { describe, expect, it } from "vitest";
import { resourceMenuItems, selectedResource } from "@/layouts/resource-menu";
import { RESOURCE_DECLARATIONS, resources } from "@/resources";
import { RESOURCE } from "@/resources/names";

const RECORD_ID = "0b6c1a52-4c1e-4a53-9a4f-2f0b9f1c7e10";

/** An address of a declared path: its `:id` or `:slug` filled in. */
const addressOf = (path: string) => path.replace(":id", RECORD_ID).replace(":slug", "cold-chain");

describe("resource declarations (src/resources/<name>/index.tsx)", () => {
  for (const { resource, routes } of RESOURCE_DECLARATIONS) {
    const paths = [resource.list, resource.create, resource.show].filter((path) => path !== undefined);
    if (paths.length === 0) continue;
    it(`${resource.name}: every page its Refine entry names opens through its own routes`, () => {
      expect(routes).toBeDefined();
      const table = createRoutesFromElements(routes);
      for (const path of paths) expect(matchRoutes(table, addressOf(path)), path).not.toBeNull();
    });
  }

  it("each resource is declared once, under its own name", () => {
    const names = resources.map((resource) => resource.name);
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(names)).toEqual(new Set(Object.values(RESOURCE)));
  });
});

describe("the menu built from the declarations", () => {
  const everything = () => true;

  it("lists the resources in their declared order, the control center's pages under it", () => {
    const items = resourceMenuItems(everything);
    expect(items.map((item) => item?.key)).toEqual([
      RESOURCE.needsAttention,
      RESOURCE.alarms,
      RESOURCE.deviations,
      RESOURCE.labelReports,
      RESOURCE.shipments,
      RESOURCE.products,
      RESOURCE.performance,
      RESOURCE.labelPresets,
      RESOURCE.users,
      RESOURCE.subCompanies,
      RESOURCE.controlCenter,
      RESOURCE.settings,
    ]);
    const group = items.find((item) => item?.key === RESOURCE.controlCenter);
    expect(group && "children" in group ? group.children?.map((child) => child?.key) : []).toEqual([
      RESOURCE.controlCenterCompanies,
      RESOURCE.impersonationLog,
    ]);
  });

  it("leaves out what the role may not list", () => {
    const keys = resourceMenuItems((name) => name !== RESOURCE.users).map((item) => item?.key);
    expect(keys).not.toContain(RESOURCE.users);
    expect(keys).toContain(RESOURCE.labelReports);
  });

  it("a settings page that is a resource of its own (API keys) keeps Settings selected", () => {
    expect(selectedResource("/settings/api-keys")).toBe(RESOURCE.settings);
    expect(selectedResource("/settings/custom-fields")).toBe(RESOURCE.settings);
    expect(selectedResource("/label-reports/abc")).toBe(RESOURCE.labelReports);
    expect(selectedResource("/control-center/impersonation-log")).toBe(RESOURCE.impersonationLog);
  });
});
