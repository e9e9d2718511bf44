import { afterAll } from "bun:test";
import { MongoClient } from "mongodb";
import { database } from "../../adapters/mongodb/database.ts";
import { ensureIndexes } from "../../adapters/mongodb/indexes.ts";
import { createMongoStore } from "../../adapters/mongodb/store.ts";
import { mingoDatabase } from "../support/mingo-mongo.ts";
import { storeContract } from "./store-contract.ts";

// Always: the adapter's own queries, updates and aggregations, run by mingo (not MongoDB; see mingo-mongo.ts).
storeContract("mongodb adapter on the mingo stand-in", async () => {
  const { client, db } = mingoDatabase();
  await ensureIndexes(database(client, db));
  return createMongoStore(client, db);
});

// With a real server (a replica set, for transactions): MONGODB_URI=mongodb://localhost:27017/?replicaSet=rs0 npm test
const uri = process.env.MONGODB_URI;
if (uri) {
  const client = new MongoClient(uri, { serverSelectionTimeoutMS: 5_000 });
  const used: string[] = [];
  afterAll(async () => {
    for (const name of used) await client.db(name).dropDatabase();
    await client.close();
  });
  storeContract("mongodb", async () => {
    const name = `retour_test_${crypto.randomUUID().slice(0, 8)}`;
    used.push(name);
    const db = client.db(name);
    await ensureIndexes(database(client, db));
    // The contract closes each store it opens; the shared client stays open until the end.
    return { ...createMongoStore(client, db), close: async () => undefined };
  });
}
