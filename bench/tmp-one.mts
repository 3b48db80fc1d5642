import { openDatabase } from "../server/db/index";
import { startServer, findPrincipal } from "./lib/harness";
import { MAIN_CUSTOMER_COMPANY } from "../server/seed/accounts";
const url = process.argv[2] as string;
const handle = await openDatabase({ databaseUrl: url });
const server = await startServer(handle.db);
const admin = await findPrincipal(handle.db, "admin@demo.example", MAIN_CUSTOMER_COMPANY);
const headers = await server.headersFor(admin);
for (const path of process.argv.slice(3)) {
  const t = performance.now();
  const q = await server.captureSql(() => server.get(path, headers));
  console.log(`=== ${path} ${Math.round(performance.now() - t)} ms`);
  for (const c of q) { let e = ""; try { e = await server.explain(c); } catch (err) { e = String(err); } console.log(`${c.sql}\n${JSON.stringify(c.parameters)}\n${e}`); }
}
await server.close(); await handle.close();
