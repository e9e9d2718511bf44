import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createSqliteStore } from "../../adapters/sqlite/store.ts";
import { storeContract } from "./store-contract.ts";

storeContract("sqlite", async () => createSqliteStore(join(mkdtempSync(join(tmpdir(), "retour-store-")), "store.sqlite")));
