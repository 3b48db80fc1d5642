import type { ThemeConfig } from "antd";

/**
 * The antd theme: every colour, radius and spacing the dashboard uses comes from
 * these tokens (no inline colours in components).
 */
export const theme: ThemeConfig = {
  token: {
    colorPrimary: "#0e6fb8",
    colorInfo: "#0e6fb8",
    colorSuccess: "#2e9b5f",
    colorWarning: "#d98a0b",
    colorError: "#d4380d",
    colorBgLayout: "#f4f6f9",
    borderRadius: 6,
    fontFamily: "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  },
  components: {
    // Titles sit in flex rows next to their actions; spacing comes from the rows' gaps.
    Typography: { titleMarginTop: 0, titleMarginBottom: 0 },
    Layout: {
      headerBg: "#ffffff",
      headerPadding: "0 24px",
      siderBg: "#0b2540",
      triggerBg: "#0f3357",
    },
    Menu: {
      darkItemBg: "#0b2540",
      darkSubMenuItemBg: "#081c31",
      darkItemSelectedBg: "#0e6fb8",
    },
  },
};

/** Sizes the layouts share, in px. */
export const LAYOUT = {
  siderWidth: 232,
  authCardWidth: 400,
  drawerWidth: 640,
  wideDrawerWidth: 880,
  contentPadding: 24,
} as const;
