import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { cpuSeconds } from "./server-process";
import type { Throughput } from "./stats";

/**
 * Requests per second with autocannon, run as its own process (its CLI, JSON output) so
 * that the load generator does not share the server's event loop.
 */
export async function autocannonThroughput(
  url: string,
  headers: Record<string, string>,
  options: { connections: number; seconds: number },
): Promise<Throughput & { clientCpuSeconds: number }> {
  const cli = createRequire(import.meta.url).resolve("autocannon/autocannon.js");
  const args = [cli, "-j", "-c", String(options.connections), "-d", String(options.seconds)];
  for (const [name, value] of Object.entries(headers)) args.push("-H", `${name}=${value}`);
  args.push(url);
  // autocannon shares the two cores with the server: its CPU time is read while it runs
  // (a process that has exited has no /proc entry), the last reading being its total.
  let clientCpuSeconds = 0;
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "pipe"] });
    const pid = child.pid;
    const poll = setInterval(() => {
      if (pid !== undefined) clientCpuSeconds = Math.max(clientCpuSeconds, cpuSeconds([pid]));
    }, 200);
    child.once("exit", () => clearInterval(poll));
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString("utf8");
    });
    child.stderr.on("data", (chunk: Buffer) => {
      err = (err + chunk.toString("utf8")).slice(-2000);
    });
    child.once("error", reject);
    child.once("exit", (code) => (code === 0 ? resolve(out) : reject(new Error(`autocannon exit ${code}: ${err}`))));
  });
  const result = JSON.parse(output) as {
    requests: { total: number; average: number };
    latency: { p50: number; p99: number; min: number; max: number };
    errors: number;
    non2xx: number;
    timeouts: number;
    duration: number;
  };
  return {
    clientCpuSeconds,
    concurrency: options.connections,
    seconds: result.duration,
    requests: result.requests.total,
    errors: result.errors + result.non2xx + result.timeouts,
    perSecond: result.requests.average,
    latency: {
      runs: result.requests.total,
      p50: result.latency.p50,
      p99: result.latency.p99,
      min: result.latency.min,
      max: result.latency.max,
    },
  };
}
