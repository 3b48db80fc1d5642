import { CompiledQuery } from "kysely";
import { DISTRIBUTOR_COMPANY, MAIN_CUSTOMER_COMPANY } from "../../server/seed/accounts";
import { type BenchServer, type ExplainTarget, findPrincipal, writeExplain } from "./harness";
import { type Latency, sample } from "./stats";

/**
 * The label-report list API (GET /api/label-reports) as the dashboard calls it, over
 * real HTTP on 127.0.0.1, as admin@demo.example in the main customer company.
 */

export interface ListSizes {
  pageSize: number;
  deepPage: number;
  warmup: number;
  runs: number;
  /** Time cap of one measure (see sample()). */
  capMs: number;
  concurrency: number;
  rpsSeconds: number;
}

export interface ListFigures {
  /** Reports the caller sees with the default filter (totalDocuments of page 1). */
  visible: number;
  deepPage: number;
  page1: Latency;
  deepOffset: Latency;
  deepAfter: Latency;
  search: Latency;
  statusViolation: Latency;
  countOnly: Latency;
  distributorPage1: Latency & { visible: number };
  explainFiles: string[];
}

const PATH = "/api/label-reports";
const MAX_PAGE_SIZE = 10_000;

function url(params: Record<string, string | number>): string {
  const search = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
  const text = search.toString();
  return text ? `${PATH}?${text}` : PATH;
}

interface Page {
  data: { id: string }[];
  totalDocuments: number;
  after: string | null;
}

const listQueries = (queries: CompiledQuery[]) => queries.filter((q) => /from "label_reports"/.test(q.sql));
/**
 * The page statement: the rows in order, with a limit, carrying the capped count as a scalar
 * subquery (server/lists/run-list.ts).
 */
const pageQuery = (queries: CompiledQuery[]) =>
  listQueries(queries).find((q) => /\border by\b/.test(q.sql) && /\blimit\b/.test(q.sql));
/** The capped count of a page statement that carries it, on its own (its parameters renumbered from $1). */
const countQuery = (queries: CompiledQuery[]) => {
  const page = listQueries(queries).find((q) => /\blimit\b/.test(q.sql) && /as "capped_total_of_list"/.test(q.sql));
  const inner =
    page && /\(select count\(\*\) from \((\(select 1 as "one" .*? limit \d+\))\) as capped\)/.exec(page.sql)?.[1];
  if (!page || !inner) return undefined;
  const parameters: unknown[] = [];
  const text = inner.replace(/\$(\d+)/g, (_, n: string) => {
    parameters.push(page.parameters[Number(n) - 1]);
    return `$${parameters.length}`;
  });
  return CompiledQuery.raw(`select count(*) from (${text}) as capped`, parameters);
};

export async function measureList(
  server: BenchServer,
  sizes: ListSizes,
  explain: ExplainTarget,
  log: (line: string) => void,
): Promise<ListFigures> {
  const admin = await findPrincipal(server.db, "admin@demo.example", MAIN_CUSTOMER_COMPANY);
  const headers = await server.headersFor(admin);
  const distributor = await findPrincipal(server.db, "distributor@demo.example", DISTRIBUTOR_COMPANY);
  const distributorHeaders = await server.headersFor(distributor);
  const fetchPage = async (path: string, h = headers) => JSON.parse((await server.get(path, h)).body) as Page;
  const runs = { warmup: sizes.warmup, runs: sizes.runs, maxMs: sizes.capMs };
  const timed = (path: string, h = headers) => sample(() => server.get(path, h), runs);

  // The list's first request on this server counts it (the capped count is in its SQL); the
  // next ones, once it is known to be long, do not.
  let first: Page | undefined;
  const firstSql = await server.captureSql(async () => {
    first = await fetchPage(url({}));
  });
  const visible = first?.totalDocuments ?? 0;
  const deepPage = Math.min(sizes.deepPage, Math.floor(visible / sizes.pageSize));
  if (deepPage < 2) throw new Error(`Only ${visible} reports visible: too few for a deep page`);
  if (deepPage !== sizes.deepPage)
    log(`only ${visible} reports visible: deep page ${deepPage} instead of ${sizes.deepPage}`);

  const page1Path = url({ pageSize: sizes.pageSize });
  const deepOffsetPath = url({ pageNumber: deepPage, pageSize: sizes.pageSize });

  // The cursor after row (deepPage - 1) * pageSize, found by following `after` in big pages.
  let cursor: string | null = null;
  for (let remaining = (deepPage - 1) * sizes.pageSize; remaining > 0; ) {
    const size = Math.min(MAX_PAGE_SIZE, remaining);
    const page = await fetchPage(url(cursor ? { pageSize: size, after: cursor } : { pageSize: size }));
    if (!page.after) throw new Error("The list ended before the deep page");
    cursor = page.after;
    remaining -= size;
  }
  const deepAfterPath = url({ pageSize: sizes.pageSize, after: cursor as string });
  const byOffset = await fetchPage(deepOffsetPath);
  const byCursor = await fetchPage(deepAfterPath);
  if (byOffset.data.map((r) => r.id).join() !== byCursor.data.map((r) => r.id).join()) {
    throw new Error(`Page ${deepPage} by pageNumber and by the after cursor differ`);
  }

  log(`page 1 (${visible.toLocaleString("en-US")} visible)`);
  const page1 = (await timed(page1Path)).latency;
  log(`deep page ${deepPage} by pageNumber`);
  const deepOffset = (await timed(deepOffsetPath)).latency;
  log(`deep page ${deepPage} by after`);
  const deepAfter = (await timed(deepAfterPath)).latency;
  log("search labelId[ilike]A1");
  const search = (await timed(url({ filter: "labelId[ilike]A1", pageSize: sizes.pageSize }))).latency;
  log("filter status[eq]ended,temperatureViolation[eq]true");
  const statusViolation = (
    await timed(url({ filter: "status[eq]ended,temperatureViolation[eq]true", pageSize: sizes.pageSize }))
  ).latency;
  log("distributor page 1");
  const distributorVisible = (await fetchPage(page1Path, distributorHeaders)).totalDocuments;
  const distributorPage1 = { ...(await timed(page1Path, distributorHeaders)).latency, visible: distributorVisible };

  // The SQL behind page 1 and the deep pages, for totalDocuments alone and for EXPLAIN.
  const page1Sql = await server.captureSql(() => server.get(page1Path, headers));
  const offsetSql = await server.captureSql(() => server.get(deepOffsetPath, headers));
  const afterSql = await server.captureSql(() => server.get(deepAfterPath, headers));
  const count = countQuery(firstSql);
  if (!count) throw new Error("No capped count seen in the SQL of the list's first page");
  log("the capped count(*) with the default filter, alone");
  const countOnly = (await sample(() => server.db.executeQuery(count), runs)).latency;

  const explainFiles: string[] = [];
  const plans: [string, string, CompiledQuery | undefined][] = [
    ["page1", page1Path, pageQuery(page1Sql)],
    ["page1-count", page1Path, count],
    ["deep-page-offset", deepOffsetPath, pageQuery(offsetSql)],
    ["deep-page-after", deepAfterPath, pageQuery(afterSql)],
  ];
  for (const [name, path, query] of plans) {
    explainFiles.push(await writeExplain(server, explain, name, path, query ? [query] : []));
  }

  return {
    visible,
    deepPage,
    page1,
    deepOffset,
    deepAfter,
    search,
    statusViolation,
    countOnly,
    distributorPage1,
    explainFiles,
  };
}
