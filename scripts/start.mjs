// `npm start`: build the dashboard when its sources changed since the last build,
// then run the server (embedded PGlite under ./data unless DATABASE_URL is set).
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const builtIndex = join(root, "dist", "index.html");

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

function needsBuild() {
  if (!existsSync(builtIndex)) return true;
  const built = statSync(builtIndex).mtimeMs;
  const sources = ["src", "core", "index.html", "vite.config.ts", "package.json", "public"]
    .map((p) => join(root, p))
    .filter(existsSync);
  return sources.some((p) => newestMtime(p) > built);
}

if (process.env.SKIP_BUILD !== "1" && needsBuild()) {
  console.log("Building the dashboard (vite build)…");
  const build = spawnSync("npx", ["vite", "build"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
} else {
  console.log("The dashboard build is up to date.");
}

const server = spawnSync(process.execPath, ["--import", "tsx", join(root, "server", "main.ts")], {
  cwd: root,
  stdio: "inherit",
});
process.exit(server.status ?? 0);
