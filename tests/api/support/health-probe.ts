import { Worker } from "node:worker_threads";

/**
 * Asks for `url` (the health check) again and again from another thread, as an outside
 * client would, `pauseMs` apart, until stopped; answers each call's time. A call that
 * does not answer 200 ends the probe with an error: during a storm the server must stay up.
 * In its own thread so the test's own work never delays the measured calls.
 */
export function healthProbe(url: string, pauseMs: number): { stop(): Promise<number[]> } {
  const worker = new Worker(
    `const { parentPort, workerData } = require("node:worker_threads");
    let stopped = false;
    const times = [];
    parentPort.on("message", () => { stopped = true; });
    (async () => {
      // The first call (undici's start-up in this thread) is not the server's latency.
      await (await fetch(workerData.url)).text();
      while (!stopped) {
        const started = performance.now();
        const res = await fetch(workerData.url);
        await res.text();
        if (res.status !== 200) throw new Error("health answered " + res.status);
        times.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, workerData.pauseMs));
      }
      parentPort.postMessage(times);
    })();`,
    { eval: true, workerData: { url, pauseMs } },
  );
  return {
    stop: () =>
      new Promise((resolve, reject) => {
        worker.once("message", (times: number[]) => {
          void worker.terminate();
          resolve(times);
        });
        worker.once("error", reject);
        worker.postMessage("stop");
      }),
  };
}
