import { ConfigProvider } from "antd";
// The ES module, as src/root.tsx imports it.
import enUS from "antd/es/locale/en_US";
import { useEffect, useState } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { useDashboardMenu } from "@/layouts/dashboard-menu";
import { theme } from "@/theme";
import type { LabelReport } from "../../types";
import { isListPage, type PreviewPlan, planListPreview } from "./preview-plan";
import { PreviewScreen } from "./preview-screen";
import { watchPreview } from "./preview-watch";

/**
 * The label report list's first page, painted from the boot request (src/providers/
 * boot-prefetch.ts) as soon as React and the table's code have run, before the Refine
 * dashboard has loaded: on a cold load the rows show about a second sooner. The preview
 * screen in a React root of its own over the dashboard, which renders underneath, until
 * the preview has to go (preview-watch.ts). When the server has already painted the page
 * (server-render.tsx), that one stands instead (src/boot-dashboard.ts).
 */
export function mountListPreview(): void {
  const plan = planListPreview(window.location);
  if (!plan) return;
  const container = document.createElement("div");
  document.body.appendChild(container);
  const root = createRoot(container);
  // After the current render or effect: a root cannot unmount itself while rendering.
  const unmount = () =>
    setTimeout(() => {
      root.unmount();
      container.remove();
    });
  root.render(
    <ConfigProvider theme={theme} locale={enUS}>
      {/* For the links' context only (BrowserRouter: the entry has its code already). */}
      <BrowserRouter>
        <ListPreview plan={plan} onDone={unmount} />
      </BrowserRouter>
    </ConfigProvider>,
  );
}

function ListPreview({ plan, onDone }: { plan: PreviewPlan; onDone: () => void }) {
  const [body, setBody] = useState<LabelReport[] | null>(null);
  const { menuItems } = useDashboardMenu();

  useEffect(() => {
    let live = true;
    const stop = watchPreview(plan, onDone);
    void plan.body.then((answer) => {
      if (!live) return;
      if (isListPage(answer)) setBody(answer.data);
      else onDone();
    });
    return () => {
      live = false;
      stop();
    };
  }, [plan, onDone]);

  if (!body) return null;
  return (
    <PreviewScreen
      page={plan}
      rows={body}
      userName={plan.userName}
      companyName={plan.companyName}
      menuItems={menuItems}
    />
  );
}
