import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * The reference the list throughput is judged against: a bare Fastify route in its own
 * process (bare-route-server.ts) that answers the same bytes as list page 1 from memory.
 * Both run under the same autocannon load on the same machine in one bench run, so their
 * ratio says what the list itself costs, whatever the host (absolute requests a second
 * moved about 2x between runs and hosts on the same code).
 */
export interface BareRoute {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

export async function startBareRoute(root: string, path: string, body: string): Promise<BareRoute> {
  const dir = mkdtempSync(join(tmpdir(), "coldchain-bench-bare-"));
  const bodyFile = join(dir, "body.json");
  writeFileSync(bodyFile, body);
  const child = spawn(
    process.execPath,
    ["--import", "tsx", join(root, "bench", "lib", "bare-route-server.ts"), path.split("?")[0] as string, bodyFile],
    { cwd: root, stdio: ["ignore", "pipe", "pipe"] },
  );
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  let output = "";
  const port = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output = (output + chunk.toString("utf8")).slice(-4_000);
      const match = /listening (\d+)/.exec(output);
      if (match) resolve(match[1] as string);
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    void exited.then(() => reject(new Error(`The bare route exited before listening:\n${output}`)));
  });
  return {
    url: `http://127.0.0.1:${port}${path}`,
    pid: child.pid as number,
    async stop() {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
