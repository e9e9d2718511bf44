import { readdirSync } from "node:fs";

// Deno gives each test file an isolate of its own, which costs about half a second of this machine's
// time per file (mostly the kernel mapping its heap); the core's files share one instead.
for (const name of readdirSync(import.meta.dirname!)
  .filter((n) => n.endsWith(".test.ts"))
  .sort())
  await import(`./${name}`);
