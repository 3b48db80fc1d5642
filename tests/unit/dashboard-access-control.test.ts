import { describe, expect, it, vi } from "vitest";
import {
  createAccessControlProvider,
  memoisedAbility,
  type SessionPermissions,
} from "@/providers/access-control-provider";
import { resources } from "@/resources";
import { defineAbilityFor, FEATURE_FLAGS } from "../../core/domain/permissions";

function provider(session: SessionPermissions) {
  const build = vi.fn(defineAbilityFor);
  const current = { session };
  const access = createAccessControlProvider(resources, () => current.session, memoisedAbility(build));
  const can = async (resource: string | undefined, action: string, params?: Record<string, unknown>) =>
    (await access.can({ resource, action, ...(params ? { params } : {}) })).can;
  return { can, build, current };
}

const as = (...roles: string[]): SessionPermissions => ({ roles, featureFlags: {} });

describe("access control provider", () => {
  it("maps Refine's actions to CASL's: list/show read, edit update, clone/create create, delete delete", async () => {
    // An administrator may read and delete members, but neither update nor create them.
    const { can } = provider(as("administrator"));
    const answers = await Promise.all(
      ["list", "show", "edit", "clone", "create", "delete"].map((action) => can("users", action)),
    );
    expect(answers).toEqual([true, true, false, false, false, true]);
    expect(await can("label-presets", "clone")).toBe(true);
  });

  it("answers from the role matrix with the resource's meta.subject", async () => {
    const { can } = provider(as("user"));
    expect(await can("label-reports", "list")).toBe(true);
    expect(await can("label-reports", "edit")).toBe(true);
    expect(await can("label-reports", "delete")).toBe(false);
    expect(await can("label-presets", "list")).toBe(false);
    expect(await can("users", "show")).toBe(true);
  });

  it("takes the subject from params.resource.meta when Refine passes the resource", async () => {
    const { can } = provider(as("administrator"));
    expect(await can("anything", "create", { resource: { name: "anything", meta: { subject: "labelPreset" } } })).toBe(
      true,
    );
  });

  it("answers a check on a subject that is not a resource (a settings page)", async () => {
    const { can } = provider(as("administrator"));
    expect(await can(undefined, "read", { subject: "company" })).toBe(true);
    expect(await can(undefined, "create", { subject: "apiKey" })).toBe(false);
  });

  it("roles add up", async () => {
    const { can } = provider(as("user", "distributorAdmin"));
    expect(await can("sub-companies", "create")).toBe(true);
    expect(await can("label-presets", "delete")).toBe(true);
  });

  it("manage grants every action: the control center is the system administrator's", async () => {
    expect(await provider(as("systemAdmin")).can("control-center-companies", "create")).toBe(true);
    expect(await provider(as("administrator")).can("control-center-companies", "list")).toBe(false);
  });

  it("feature flags grant their permission", async () => {
    const flagged = provider({ roles: ["user"], featureFlags: { [FEATURE_FLAGS.labelReportTrim]: true } });
    expect(await flagged.can("label-reports", "trim")).toBe(true);
    expect(await provider(as("user")).can("label-reports", "trim")).toBe(false);
  });

  it("a resource without a subject is open to every signed-in user", async () => {
    expect(await provider(as()).can("settings", "list")).toBe(true);
  });

  it("an unknown resource or action is refused with a reason", async () => {
    const { current } = provider(as("systemAdmin"));
    const access = createAccessControlProvider(resources, () => current.session);
    expect(await access.can({ resource: "nope", action: "list" })).toMatchObject({ can: false, reason: /nope/ });
    expect(await access.can({ resource: "users", action: "fly" })).toMatchObject({ can: false, reason: /fly/ });
  });

  it("builds the ability once per active role and feature flags", async () => {
    const { can, build, current } = provider(as("administrator"));
    await can("label-reports", "list");
    await can("users", "list");
    current.session = as("administrator");
    await can("label-presets", "create");
    expect(build).toHaveBeenCalledTimes(1);
    current.session = as("user");
    await can("label-presets", "create");
    expect(build).toHaveBeenCalledTimes(2);
  });
});
