import type { Action, IResourceItem } from "@refinedev/core";

export const APP_TITLE = "Cold-chain dashboard";

/** `Label reports | Cold-chain dashboard`, or the app name on pages outside the resources. */
export function documentTitle({ resource, action }: { resource?: IResourceItem; action?: Action }): string {
  const label = resource?.name ? resource.meta?.label : undefined;
  if (!label) return APP_TITLE;
  const suffix = action === "create" ? " (new)" : "";
  return `${label}${suffix} | ${APP_TITLE}`;
}
