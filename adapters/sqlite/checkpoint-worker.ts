// Runs on a worker thread with its own connection: moves committed pages from the WAL into the
// database file, so that this copying is done off the event loop that serves requests.
import { Database } from "bun:sqlite";
import { parentPort, workerData } from "node:worker_threads";

const { path, intervalMs } = workerData as { path: string; intervalMs: number };
const db = new Database(path);
// The durability setting of the server's own connection (open.ts).
db.exec("PRAGMA synchronous = NORMAL");
// PASSIVE never waits for readers or the writer: it copies what it can and leaves the rest for next time.
const checkpoint = db.prepare("PRAGMA wal_checkpoint(PASSIVE)");
const timer = setInterval(() => checkpoint.run(), intervalMs);

parentPort!.once("message", () => {
  clearInterval(timer);
  checkpoint.run();
  db.close();
  parentPort!.close();
});
