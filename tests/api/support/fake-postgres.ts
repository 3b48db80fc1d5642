import { createServer, type Server, type Socket } from "node:net";

/**
 * A stand-in PostgreSQL server that speaks just enough of the wire protocol for pg to
 * connect and run statements (every statement succeeds with no rows), and that the test
 * can take away the way a real outage does: `down()` ends every connection with the
 * FATAL 57P01 that `pg_ctl stop -m fast` sends and refuses new ones; `up()` listens again
 * on the same port. Faster and more reliable than stopping a real cluster in a test.
 */
export interface FakePostgres {
  url: string;
  /** Connections currently open to it. */
  connections(): number;
  /** Resolves once `n` connections are open (a pool has connected). */
  connected(n?: number): Promise<void>;
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

const message = (type: string, body: Buffer = Buffer.alloc(0)) => {
  const header = Buffer.alloc(5);
  header.write(type, 0, "latin1");
  header.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([header, body]);
};
const int32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n);
  return b;
};
const cstring = (s: string) => Buffer.from(`${s}\0`, "utf8");

const AUTHENTICATION_OK = message("R", int32(0));
const READY = message("Z", Buffer.from("I"));
const COMMAND_COMPLETE = message("C", cstring("SELECT 0"));
/** What PostgreSQL sends every backend when an administrator stops it in fast mode. */
const ADMIN_SHUTDOWN = message(
  "E",
  Buffer.concat([
    Buffer.from("S"),
    cstring("FATAL"),
    Buffer.from("V"),
    cstring("FATAL"),
    Buffer.from("C"),
    cstring("57P01"),
    Buffer.from("M"),
    cstring("terminating connection due to administrator command"),
    Buffer.from([0]),
  ]),
);

/** The answer to each message of the extended and simple query protocols. */
function answer(type: string): Buffer | null {
  switch (type) {
    case "P":
      return message("1"); // ParseComplete
    case "B":
      return message("2"); // BindComplete
    case "D":
      return message("n"); // NoData
    case "E":
      return COMMAND_COMPLETE;
    case "S":
      return READY;
    case "Q":
      return Buffer.concat([COMMAND_COMPLETE, READY]);
    case "C":
      return message("3"); // CloseComplete
    default:
      return null; // Flush, and anything else: nothing to say
  }
}

function serve(socket: Socket) {
  let buffered = Buffer.alloc(0);
  let startedUp = false;
  socket.on("error", () => {});
  socket.on("data", (chunk) => {
    buffered = Buffer.concat([buffered, chunk]);
    for (;;) {
      if (!startedUp) {
        // The startup message: a length and the protocol, no type byte.
        if (buffered.length < 4) return;
        const length = buffered.readInt32BE(0);
        if (buffered.length < length) return;
        buffered = buffered.subarray(length);
        startedUp = true;
        socket.write(Buffer.concat([AUTHENTICATION_OK, READY]));
        continue;
      }
      if (buffered.length < 5) return;
      const type = String.fromCharCode(buffered[0] as number);
      const length = buffered.readInt32BE(1) + 1;
      if (buffered.length < length) return;
      buffered = buffered.subarray(length);
      if (type === "X") {
        socket.end();
        return;
      }
      const reply = answer(type);
      if (reply) socket.write(reply);
    }
  });
}

export async function startFakePostgres(): Promise<FakePostgres> {
  const sockets = new Set<Socket>();
  const waiters: { n: number; resolve: () => void }[] = [];
  let server: Server | null = null;
  let port = 0;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = createServer((socket) => {
        sockets.add(socket);
        socket.once("close", () => sockets.delete(socket));
        serve(socket);
        for (const w of waiters.splice(0)) {
          if (sockets.size >= w.n) w.resolve();
          else waiters.push(w);
        }
      });
      s.once("error", reject);
      s.listen(port, "127.0.0.1", () => {
        port = (s.address() as { port: number }).port;
        server = s;
        resolve();
      });
    });
  const stopListening = () =>
    new Promise<void>((resolve) => {
      const s = server;
      server = null;
      if (!s) return resolve();
      s.close(() => resolve());
    });
  const endAll = () =>
    Promise.all(
      [...sockets].map(
        (socket) =>
          new Promise<void>((resolve) => {
            socket.once("close", () => resolve());
            socket.end(ADMIN_SHUTDOWN);
          }),
      ),
    );

  await listen();
  return {
    url: `postgres://app@127.0.0.1:${port}/coldchain`,
    connections: () => sockets.size,
    connected: (n = 1) =>
      new Promise<void>((resolve) => {
        if (sockets.size >= n) resolve();
        else waiters.push({ n, resolve });
      }),
    async down() {
      // Refuse new connections first, then end the open ones, as a stopping server does.
      const closed = stopListening();
      await endAll();
      await closed;
    },
    up: () => (server ? Promise.resolve() : listen()),
    async close() {
      const closed = stopListening();
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}
