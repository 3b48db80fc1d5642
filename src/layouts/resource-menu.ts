import type { MenuProps } from "antd";
import { createElement } from "react";
import { Link } from "react-router";
import { resources } from "@/resources";
import type { ResourceName } from "@/resources/names";
import type { AppResource } from "@/resources/resource";

type MenuItem = NonNullable<MenuProps["items"]>[number];

function item(resource: AppResource, path: string): MenuItem {
  return {
    key: resource.name,
    icon: resource.meta.icon,
    label: createElement(Link, { to: path }, resource.meta.label),
  };
}

/** The resources the menu shows: hidden ones (settings pages) open from a page instead. */
const shown = resources.filter((resource) => !resource.meta.hide);

/**
 * Menu items for the resources the user can list: top-level resources with a list
 * page, and parent-only groups (Control center) holding their permitted children.
 */
export function resourceMenuItems(
  canList: (resource: ResourceName) => boolean,
  only?: (resource: AppResource) => boolean,
): MenuItem[] {
  const items: MenuItem[] = [];
  for (const resource of shown) {
    if (resource.meta.parent || (only && !only(resource))) continue;
    const children = shown.filter(
      (child) => child.meta.parent === resource.name && typeof child.list === "string" && canList(child.name),
    );
    if (children.length && canList(resource.name)) {
      items.push({
        key: resource.name,
        icon: resource.meta.icon,
        label: resource.meta.label,
        children: children.map((child) => item(child, String(child.list))),
      });
    } else if (typeof resource.list === "string" && canList(resource.name)) {
      items.push(item(resource, resource.list));
    }
  }
  return items;
}

/** The menu's resource whose pages contain `pathname`, for the menu's selected key. */
export function selectedResource(pathname: string): ResourceName | undefined {
  const match = shown
    .filter((r) => typeof r.list === "string" && (pathname === r.list || pathname.startsWith(`${r.list}/`)))
    .sort((a, b) => String(b.list).length - String(a.list).length)[0];
  return match?.name;
}
