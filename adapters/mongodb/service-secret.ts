import type { ServiceSecretStore } from "../../core/store/service-secret.ts";
import { SAMPLES_OF_EACH } from "../../core/store/service-secret.ts";
import { type CollectionName, type Database, isDuplicateKey } from "./database.ts";

export function serviceSecretStore(data: Database): ServiceSecretStore {
  return {
    async serviceSecret() {
      // Two processes may race here; the first upsert wins and both read it back.
      await data
        .collection("meta")
        .updateOne({ _id: "service_secret" }, { $setOnInsert: { value: crypto.getRandomValues(new Uint8Array(32)) } }, { upsert: true })
        .catch((error) => {
          if (!isDuplicateKey(error)) throw error;
        });
      const stored = (await data.collection("meta").findOne({ _id: "service_secret" }))!.value;
      // The driver reads binary data back as a BSON Binary.
      return new Uint8Array(stored instanceof Uint8Array ? stored : stored.buffer);
    },

    async findKeyCheck() {
      return ((await data.collection("meta").findOne({ _id: "key_check" }))?.value as string | undefined) ?? null;
    },

    async adoptKeyCheck(sealed) {
      // The first process to start keeps its check; the others read it back.
      await data
        .collection("meta")
        .updateOne({ _id: "key_check" }, { $setOnInsert: { value: sealed } }, { upsert: true })
        .catch((error) => {
          if (!isDuplicateKey(error)) throw error;
        });
      return (await data.collection("meta").findOne({ _id: "key_check" }))!.value as string;
    },

    async replaceKeyCheck(sealed) {
      await data.collection("meta").updateOne({ _id: "key_check" }, { $set: { value: sealed } }, { upsert: true });
    },

    async sealedSamples() {
      const sources: [CollectionName, string][] = [
        ["webhooks", "secretSealed"],
        ["app_trackers", "settingsSealed"],
        ["slack_connections", "secretsSealed"],
        ["portals", "ssoSecretSealed"],
        ["followers", "trackingSealed"],
      ];
      const found = await Promise.all(
        sources.map(([collection, field]) =>
          data
            .collection(collection)
            .find({ [field]: { $type: "string" } }, { projection: { [field]: 1 } })
            .sort({ _id: -1 })
            .limit(SAMPLES_OF_EACH)
            .toArray()
            .then((documents) => documents.map((document) => document[field] as string)),
        ),
      );
      return found.flat();
    },
  };
}
