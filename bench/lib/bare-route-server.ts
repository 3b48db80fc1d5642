import { readFileSync } from "node:fs";
import Fastify from "fastify";

/**
 * A bare Fastify server for the list throughput ratio (bare-route.ts): one route at the list's
 * path answering the bytes of a list page it read once from a file, with the list's content
 * type. No plugins, no hooks, no database. Run as `node --import tsx bare-route-server.ts
 * <path> <body file>`; prints `listening <port>` once it listens on 127.0.0.1.
 */
const [path, bodyFile] = process.argv.slice(2);
if (!path || !bodyFile) throw new Error("usage: bare-route-server.ts <path> <body file>");
const body = readFileSync(bodyFile);
const app = Fastify({ logger: false });
app.get(path, (_request, reply) => {
  void reply.type("application/json; charset=utf-8").send(body);
});
const address = await app.listen({ host: "127.0.0.1", port: 0 });
console.log(`listening ${new URL(address).port}`);
for (const signal of ["SIGTERM", "SIGINT"] as const) process.once(signal, () => void app.close());
