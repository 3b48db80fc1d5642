import { openDatabase } from "../server/db/index";
import { startServer, findPrincipal } from "./lib/harness";
import { MAIN_CUSTOMER_COMPANY } from "../server/seed/accounts";
const url = process.argv[2] as string;
const handle = await openDatabase({ databaseUrl: url });
const server = await startServer(handle.db);
const admin = await findPrincipal(handle.db, "admin@demo.example", MAIN_CUSTOMER_COMPANY);
const headers = await server.headersFor(admin);
const ids = JSON.parse((await server.get("/api/label-reports?pageSize=20&pageNumber=7", headers)).body).data.map((r: {id: string}) => r.id);
for (const id of ids.slice(0, 5)) {
  for (const path of [`/api/label-reports/${id}`, `/api/label-reports/${id}/readings?maxPoints=500`]) {
    const t = performance.now();
    const q = await server.captureSql(() => server.get(path, headers));
    console.log(`=== ${path} ${Math.round(performance.now() - t)} ms, ${q.length} queries`);
    if (process.argv[3] === "explain") for (const c of q) { let e = ""; try { e = await server.explain(c); } catch (err) { e = String(err); } const m = e.match(/Execution Time: [\d.]+ ms/); console.log(c.sql.slice(0, 160), m?.[0]); }
  }
}
await server.close(); await handle.close();
