import type { Subject } from "@core/domain/permissions";
import type { ResourceProps } from "@refinedev/core";
import type { ReactElement, ReactNode } from "react";
import type { ResourceName } from "./names";

interface AppResourceMeta {
  /** The menu's label, and the document title's. */
  label: string;
  icon?: ReactNode;
  /** The CASL subject access checks use; a resource without one is open to every signed-in user. */
  subject?: Subject;
  /** The menu group it sits in. */
  parent?: ResourceName;
  /** Left out of the menu (a settings page, reached from the settings index). */
  hide?: boolean;
  /** A settings page's line on its card of the settings index. */
  description?: string;
}

/** A Refine resource entry: its route paths are strings, which its routes are built from. */
export interface AppResource extends ResourceProps {
  name: ResourceName;
  list?: string;
  show?: string;
  create?: string;
  meta: AppResourceMeta;
}

/**
 * Everything about one resource, declared once in its folder (src/resources/<name>/index.tsx):
 * the Refine entry (paths, menu label and icon, CASL subject) and the routes that show its
 * pages. Pages are lazyPage() imports, so a declaration costs the first load nothing but itself.
 */
export interface ResourceDeclaration {
  resource: AppResource;
  /**
   * Its <Route> elements, none for a menu group without pages (the control center). The route
   * table places them in the dashboard's layout, or in the control center's for its children.
   */
  routes?: ReactElement;
}
