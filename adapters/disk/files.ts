import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import type { FileStorage } from "../../core/ports.ts";

/** Attachments on the local disk, under one root; keys never escape it. */
export function createDiskStorage(root: string): FileStorage {
  const base = resolve(root);
  const pathOf = (key: string): string => {
    const path = resolve(join(base, key));
    if (!path.startsWith(`${base}/`)) throw new Error(`storage key escapes the root: ${key}`);
    return path;
  };
  return {
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, bytes);
    },
    async get(key) {
      try {
        return new Uint8Array(await readFile(pathOf(key)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
  };
}
