import { Drawer } from "antd";
import { createContext, type ReactNode, useContext, useMemo, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { LAYOUT } from "@/theme";
import styles from "./layouts.module.css";

export interface PanelLayoutProps {
  title: ReactNode;
  /** The list under the panel; closing goes back to it with its query intact. */
  closeTo: string;
  width?: number;
  extra?: ReactNode;
  children: ReactNode;
}

interface Panel {
  /** Closes the panel; `search` is the list's query to return to when the content just changed it. */
  close: (search?: string) => void;
}

const PanelContext = createContext<Panel>({ close: () => undefined });

/** Lets a panel's content close it (after saving, applying filters). */
export function usePanel() {
  return useContext(PanelContext);
}

/**
 * The panel layout: a drawer over the still-mounted list (the list renders it through
 * its <Outlet />). The page keeps its scroll position; closing returns to the list.
 */
export function PanelLayout({ title, closeTo, width = LAYOUT.drawerWidth, extra, children }: PanelLayoutProps) {
  const [open, setOpen] = useState(true);
  const navigate = useNavigate();
  const { search, state } = useLocation();
  // A page that opened the panel over another list (Needs attention opens reports over the
  // report list) names itself in the navigation's state: closing goes back to it.
  const returnTo = panelReturnTo(state);
  // A query handed to close() wins: the list's own URL update may not have rendered
  // here yet when the closing animation ends.
  const returnSearch = useRef<string | undefined>(undefined);
  const panel = useMemo<Panel>(
    () => ({
      close: (next) => {
        returnSearch.current = next;
        setOpen(false);
      },
    }),
    [],
  );
  return (
    <Drawer
      open={open}
      title={title}
      width={width}
      extra={extra}
      classNames={{ header: styles.panelHeader }}
      onClose={() => setOpen(false)}
      afterOpenChange={(visible) => {
        // In the panel's place: Back from the list then goes where it went before the panel opened.
        if (!visible)
          navigate(returnTo ?? { pathname: closeTo, search: returnSearch.current ?? search }, { replace: true });
      }}
      destroyOnHidden
    >
      <PanelContext.Provider value={panel}>{children}</PanelContext.Provider>
    </Drawer>
  );
}

/** The navigation state that makes a panel close to the page that opened it: `<Link state={…}>`. */
export const returnToState = (path: string) => ({ panelReturnTo: path });

function panelReturnTo(state: unknown): string | null {
  if (typeof state !== "object" || state === null || !("panelReturnTo" in state)) return null;
  const path = (state as { panelReturnTo: unknown }).panelReturnTo;
  // Only a path of this app: never an address elsewhere.
  return typeof path === "string" && path.startsWith("/") && !path.startsWith("//") ? path : null;
}

/** The label report panel: the same drawer, wide enough for a report's summary. */
export function LabelReportPanelLayout(props: Omit<PanelLayoutProps, "width">) {
  return <PanelLayout {...props} width={LAYOUT.wideDrawerWidth} />;
}
