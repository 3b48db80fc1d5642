import "@ant-design/v5-patch-for-react-19";
import "@refinedev/antd/dist/reset.css";
// antd's component styles, rendered at build time (vite.config.ts, antdStaticStyles).
import "virtual:antd-styles.css";
import { isDashboardPath } from "@core/routes/visitor-paths";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { preloadDashboard, Root } from "./root";

const container = document.getElementById("root");
if (!container) throw new Error("The page has no #root element");

const render = () =>
  createRoot(container).render(
    <StrictMode>
      <Root />
    </StrictMode>,
  );

// For a dashboard address, before React starts: the landing list's request
// (src/boot-dashboard.ts) and the dashboard app, which starts its opening page's chunk.
// React's first render waits for both: their files are named in the page
// (server/http/dashboard-html.ts) and in by the time the entry has run, whereas started after
// that render the list's request went out about 300 ms later, after the rows' code, and the app
// rendered once more around a loader. A chunk that fails to load leaves the
// rest to the page. Sign-in and share pages do not wait.
if (isDashboardPath(window.location.pathname)) {
  Promise.all([import("./boot-dashboard"), preloadDashboard()]).then(render, render);
} else render();
