import { useEffect, useRef } from "react";
import { matchPath, useLocation } from "react-router";

/**
 * Paths that open over a still-mounted list. Navigating into, out of or between
 * them keeps the scroll position; any other page change starts at
 * the top.
 */
const OVERLAY_PATHS = ["/label-reports/filters", "/label-reports/:id", "/users/:id"] as const;

function isOverlayPath(pathname: string): boolean {
  return OVERLAY_PATHS.some((pattern) => matchPath(pattern, pathname) !== null);
}

export function ScrollManager() {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    const from = previous.current;
    previous.current = pathname;
    if (from === pathname || isOverlayPath(from) || isOverlayPath(pathname)) return;
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
