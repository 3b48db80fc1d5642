import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";

/**
 * One process at a time per PGlite folder: PGlite is an in-process PostgreSQL, and a
 * second process opening the same files corrupts them. Its own `postmaster.pid` cannot
 * tell (it holds -42, not a process id, and stays behind after a crash), so whoever
 * opens the folder (the server, backup, restore, move-to-postgres, seed) leaves
 * `<folder>.lock` with its process id next to it and removes it when it closes or exits.
 * A lock whose process is gone is stale and taken over.
 */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder,
  ) {
    super(
      `${dataDir} is in use by process ${holder.pid} (${holder.command}, since ${holder.since}). ` +
        "PGlite allows one process at a time: stop that process first.",
    );
    this.name = "DataDirInUseError";
  }
}

export interface LockHolder {
  pid: number;
  command: string;
  since: string;
}

/** The folders this process holds; a second open from the same process is refused too. */
const held = new Set<string>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readHolder(lockFile: string): LockHolder | undefined {
  try {
    const parsed = JSON.parse(readFileSync(lockFile, "utf8")) as Partial<LockHolder>;
    if (typeof parsed.pid !== "number") return undefined;
    return { pid: parsed.pid, command: String(parsed.command ?? "?"), since: String(parsed.since ?? "?") };
  } catch {
    return undefined;
  }
}

export function lockFileOf(dataDir: string): string {
  return `${resolve(dataDir)}.lock`;
}

/** Who holds the folder now, or undefined when nobody does (stale locks included). */
function dataDirHolder(dataDir: string): LockHolder | undefined {
  const holder = readHolder(lockFileOf(dataDir));
  if (!holder) return undefined;
  if (holder.pid === process.pid) return held.has(resolve(dataDir)) ? holder : undefined;
  return isAlive(holder.pid) ? holder : undefined;
}

/** Takes the folder for this process or throws DataDirInUseError; returns the release function. */
export function lockDataDir(dataDir: string): () => void {
  const lockFile = lockFileOf(dataDir);
  const holder = dataDirHolder(dataDir);
  if (holder) throw new DataDirInUseError(dataDir, holder);
  const me: LockHolder = {
    pid: process.pid,
    command: process.argv
      .slice(1)
      .map((arg) => arg.split(/[/\\]/).pop())
      .join(" "),
    since: new Date().toISOString(),
  };
  // A stale lock (a crash, or a previous container that had our pid) is replaced.
  rmSync(lockFile, { force: true });
  mkdirSync(dirname(lockFile), { recursive: true });
  try {
    writeFileSync(lockFile, `${JSON.stringify(me)}\n`, { flag: "wx" });
  } catch (error) {
    // Another process took it between our check and our write.
    const winner = (error as NodeJS.ErrnoException).code === "EEXIST" ? readHolder(lockFile) : undefined;
    if (winner) throw new DataDirInUseError(dataDir, winner);
    throw error;
  }
  held.add(resolve(dataDir));
  const onExit = () => release();
  process.on("exit", onExit);
  let released = false;
  function release() {
    if (released) return;
    released = true;
    process.removeListener("exit", onExit);
    held.delete(resolve(dataDir));
    if (readHolder(lockFile)?.pid === process.pid) rmSync(lockFile, { force: true });
  }
  return release;
}
