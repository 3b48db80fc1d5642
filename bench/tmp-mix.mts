import { openDatabase } from "../server/db/index";
import { startServer, findPrincipal } from "./lib/harness";
import { MAIN_CUSTOMER_COMPANY } from "../server/seed/accounts";
const url = process.argv[2] as string;
const handle = await openDatabase({ databaseUrl: url });
const server = await startServer(handle.db);
const admin = await findPrincipal(handle.db, "admin@demo.example", MAIN_CUSTOMER_COMPANY);
const headers = await server.headersFor(admin);
const FILTERS = [null,"isArchived[eq]false","status[eq]ended","status[includes]recording|stopped","temperatureViolation[eq]true","transportMode[eq]plane,isArchived[eq]false","labelId[ilike]12","reference[ilike]PO","created[gte]2026-01-01T00:00:00.000Z","humidityViolation[eq]true,status[eq]ended"];
const ORDERS = [null,"created[desc]","created[asc]","labelId[asc]","status[asc],created[desc]","endTime[desc]","temperatureViolation[desc],created[desc]"];
const explainSlow = process.argv[3] === "explain";
const out: [number, string][] = [];
for (const f of FILTERS) for (const o of ORDERS) {
  const p = new URLSearchParams(); if (f) p.set("filter", f); if (o) p.set("order", o); p.set("pageSize","25"); p.set("pageNumber", "3");
  const path = `/api/label-reports?${p}`;
  const t = performance.now();
  let q;
  try { q = await server.captureSql(() => server.get(path, headers)); } catch (e) { console.log("ERR", path, String(e).slice(0,200)); continue; }
  const dt = performance.now() - t;
  out.push([dt, `${f} | ${o}`]);
  if (explainSlow && dt > 200) { for (const c of q) console.log(`--- ${f} | ${o} ${Math.round(dt)}ms\n${c.sql}\n${(await server.explain(c)).slice(0, 1500)}`); }
}
out.sort((a,b)=>b[0]-a[0]);
for (const [dt, k] of out) console.log(Math.round(dt), k);
await server.close(); await handle.close();
