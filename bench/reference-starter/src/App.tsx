import { ErrorComponent, ThemedLayout, ThemedSider, useNotificationProvider } from "@refinedev/antd";
import "@refinedev/antd/dist/reset.css";
import { Refine } from "@refinedev/core";
import routerProvider, {
  DocumentTitleHandler,
  NavigateToResource,
  UnsavedChangesNotifier,
} from "@refinedev/react-router";
import dataProvider from "@refinedev/simple-rest";
import { App as AntdApp } from "antd";
import { BrowserRouter, Outlet, Route, Routes } from "react-router";
import { Header } from "./components/header";
import { ColorModeContextProvider } from "./contexts/color-mode";
import { LabelPresetEdit, LabelPresetList } from "./pages/label-presets";
import { LabelReportEdit, LabelReportList } from "./pages/label-reports";

/**
 * Refine's Vite + antd template (refine.new) as generated, minus its markdown editor
 * and the command palette (kbar); blog posts and categories renamed to the two
 * resources the benchmark serves. The API is the benchmark's simple-rest server.
 */
const API_URL = "/api";

function App() {
  return (
    <BrowserRouter>
      <ColorModeContextProvider>
        <AntdApp>
          <Refine
            dataProvider={dataProvider(API_URL)}
            notificationProvider={useNotificationProvider}
            routerProvider={routerProvider}
            resources={[
              {
                name: "label-reports",
                list: "/label-reports",
                edit: "/label-reports/edit/:id",
                meta: { canDelete: true },
              },
              {
                name: "label-presets",
                list: "/label-presets",
                edit: "/label-presets/edit/:id",
                meta: { canDelete: true },
              },
            ]}
            options={{ syncWithLocation: true, warnWhenUnsavedChanges: true, disableTelemetry: true }}
          >
            <Routes>
              <Route
                element={
                  <ThemedLayout Header={Header} Sider={(props) => <ThemedSider {...props} fixed />}>
                    <Outlet />
                  </ThemedLayout>
                }
              >
                <Route index element={<NavigateToResource resource="label-reports" />} />
                <Route path="/label-reports">
                  <Route index element={<LabelReportList />} />
                  <Route path="edit/:id" element={<LabelReportEdit />} />
                </Route>
                <Route path="/label-presets">
                  <Route index element={<LabelPresetList />} />
                  <Route path="edit/:id" element={<LabelPresetEdit />} />
                </Route>
                <Route path="*" element={<ErrorComponent />} />
              </Route>
            </Routes>
            <UnsavedChangesNotifier />
            <DocumentTitleHandler />
          </Refine>
        </AntdApp>
      </ColorModeContextProvider>
    </BrowserRouter>
  );
}

export default App;
