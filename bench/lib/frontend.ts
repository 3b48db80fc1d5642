import { join } from "node:path";
import { DEMO_PASSWORD, MAIN_CUSTOMER_COMPANY } from "../../server/seed/accounts";
import { type BigPageFigures, measureBigPage } from "./big-page";
import { type ColdLoadFigures, launchChromium, measureColdLoads, signInState } from "./browser";
import type { BundleFigures, Sizes } from "./bundle";
import { type BenchServer, findPrincipal, startServer } from "./harness";
import { buildStarter, type StarterBuild, serveStarter } from "./starter";

/**
 * The browser half: the reference starter built in the same run, both apps cold-loaded
 * at their label-report list in headless Chromium against the same data.
 */

/** The mark the report overlay sets when it mounts (OVERLAY_OPEN_MARK, src/resources/label-reports/show.tsx). */
const OVERLAY_OPEN_MARK = "report-overlay-open";

export interface FrontendFigures {
  starter: Omit<StarterBuild, "dir">;
  coldLoad: { ours: ColdLoadFigures; starter: ColdLoadFigures };
  /** Our routes' first-load JS gzip / the starter list page's. */
  bundleRatios: Record<string, number>;
  /** Cold load to the interactive row, our median / the starter's median. */
  interactiveRowRatio: number;
  /** The list with 10,000 rows on one page (virtualised); not measured with 0 runs (--only browser). */
  bigPage?: BigPageFigures;
}

export async function measureFrontend(
  root: string,
  api: BenchServer,
  bundle: BundleFigures | undefined,
  runs: number,
  bigPageRuns: number,
  log: (line: string) => void,
): Promise<FrontendFigures> {
  log("building the reference starter (bench/reference-starter)");
  const starter = buildStarter(root);
  log(`reference starter built in ${(starter.ms / 1000).toFixed(1)} s`);

  // The rows our list shows, for the starter's simple-rest API.
  const admin = await findPrincipal(api.db, "admin@demo.example", MAIN_CUSTOMER_COMPANY);
  const headers = await api.headersFor(admin);
  const reports = JSON.parse((await api.get("/api/label-reports?pageSize=100", headers)).body) as {
    data: Record<string, unknown>[];
    totalDocuments: number;
  };
  const presets = JSON.parse((await api.get("/api/label-presets?pageSize=100", headers)).body) as {
    data: Record<string, unknown>[];
  };
  // The browser first: when it cannot start, no server is left open behind the error.
  const browser = await launchChromium();
  const starterServer = await serveStarter(starter.dir, {
    reports: reports.data,
    reportTotal: reports.totalDocuments,
    presets: presets.data,
  });
  const ours = await startServer(api.db, { staticDir: join(root, "dist") });
  try {
    log("signing in once as admin@demo.example");
    const storageState = await signInState(browser, ours.baseUrl, "admin@demo.example", DEMO_PASSWORD);
    log(`cold loads: ${runs} runs each, new context per run`);
    const figures = await measureColdLoads(
      browser,
      [
        {
          name: "ours",
          url: `${ours.baseUrl}/label-reports`,
          context: { storageState },
          click: { selector: 'tr.ant-table-row a[href^="/label-reports/"]', mark: OVERLAY_OPEN_MARK },
        },
        { name: "starter", url: `${starterServer.baseUrl}/label-reports` },
      ],
      runs,
      log,
    );
    if (bigPageRuns > 0) log(`10,000-row page: ${bigPageRuns} runs`);
    const bigPage =
      bigPageRuns > 0 ? await measureBigPage(browser, ours.baseUrl, { storageState }, bigPageRuns, log) : undefined;
    const ourLoad = figures.ours as ColdLoadFigures;
    const starterLoad = figures.starter as ColdLoadFigures;
    const base = starter.listPageJs.gzip;
    const bundleRatios = Object.fromEntries(
      Object.entries(bundle?.routes ?? {}).map(([route, sizes]: [string, Sizes]) => [route, sizes.gzip / base]),
    );
    const { dir: _dir, ...starterFigures } = starter;
    return {
      starter: starterFigures,
      coldLoad: { ours: ourLoad, starter: starterLoad },
      bundleRatios,
      interactiveRowRatio: ourLoad.median.interactiveRowMs / starterLoad.median.interactiveRowMs,
      bigPage,
    };
  } finally {
    await browser.close();
    await ours.close();
    await starterServer.close();
  }
}
