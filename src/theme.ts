import type { ThemeConfig } from "antd";

const FIELD_FOCUS_TINT = "rgba(14, 111, 184, 0.35)";
const FIELD_FOCUS_SHADOW = `0 0 0 2px ${FIELD_FOCUS_TINT}`;

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
    // WCAG 2.1 AA wants 4.5:1 for text. antd's defaults for secondary texts (help, extras,
    // descriptions: 0.45 black, 3.4:1) and placeholders (0.25 black, 1.8:1) fall short on
    // white and on the layout grey; these reach 5.6:1 and 4.7:1.
    colorTextTertiary: "rgba(0, 0, 0, 0.6)",
    colorTextPlaceholder: "rgba(0, 0, 0, 0.55)",
    // Hovered links and text buttons kept the lighter hover blue (3.8:1); a darker one reads.
    colorPrimaryHover: "#0a5a96",
    colorLinkHover: "#0a5a96",
    borderRadius: 6,
    fontFamily: "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  },
  components: {
    // A tag writes in its colour on a tint of it; the status and preset colours are too
    // light for that at 12 px (2.5:1 to 4.4:1). These darker shades reach at least 4.5:1.
    Tag: {
      colorSuccess: "#17663e",
      colorWarning: "#975400",
      colorError: "#a5300a",
      green7: "#237804",
      volcano7: "#ad2102",
      orange7: "#ad4e00",
      gold7: "#874d00",
      cyan7: "#006d75",
      lime7: "#3f6600",
    },
    // A table's "nothing here" text is drawn in the disabled grey (1.8:1); it is read, not disabled.
    Table: { colorTextDisabled: "rgba(0, 0, 0, 0.55)" },
    // Titles sit in flex rows next to their actions; spacing comes from the rows' gaps.
    Typography: { titleMarginTop: 0, titleMarginBottom: 0 },
    // A focused text field: antd's ring is a 10 % tint, hard to see; a field keeps its own
    // focus state rather than the global outline (app.module.css), in the theme's blue.
    Input: { activeShadow: FIELD_FOCUS_SHADOW },
    InputNumber: { activeShadow: FIELD_FOCUS_SHADOW },
    DatePicker: { activeShadow: FIELD_FOCUS_SHADOW },
    Select: { activeOutlineColor: FIELD_FOCUS_TINT },
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
