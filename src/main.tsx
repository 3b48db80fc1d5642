import "@ant-design/v5-patch-for-react-19";
import "@refinedev/antd/dist/reset.css";
// antd's component styles, rendered at build time (vite.config.ts, antdStaticStyles).
import "virtual:antd-styles.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { isVisitorPath } from "./components/routing/visitor-paths";
import { Root } from "./root";

// For a dashboard address, before React starts: the landing list's request and the landing
// page's chunk (src/boot-dashboard.ts), in parallel with the dashboard app's chunks that
// src/root.tsx asks for.
if (!isVisitorPath(window.location.pathname)) void import("./boot-dashboard");

const container = document.getElementById("root");
if (!container) throw new Error("The page has no #root element");

createRoot(container).render(
  <StrictMode>
    <Root />
  </StrictMode>,
);
