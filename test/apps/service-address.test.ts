import { describe, expect, test } from "bun:test";
import { loadConfig } from "../../apps/runtime/config.ts";
import { recordAddress, serviceAddress } from "../../apps/runtime/address.ts";
import { scratchDir } from "../support/scratch.ts";

describe("the address the CLI writes in its links", () => {
  test("is http://localhost:PORT when no server has run on the data directory", () => {
    expect(serviceAddress(loadConfig({ DATA_DIR: scratchDir("address"), PORT: "4100" }))).toBe("http://localhost:4100");
  });

  test("is the address the server last answered at, once one has run there", () => {
    const dataDir = scratchDir("address");
    recordAddress(dataDir, "http://localhost:51234");
    expect(serviceAddress(loadConfig({ DATA_DIR: dataDir, PORT: "4100" }))).toBe("http://localhost:51234");
  });

  test("is BASE_URL whenever it is set", () => {
    const dataDir = scratchDir("address");
    recordAddress(dataDir, "http://localhost:51234");
    expect(serviceAddress(loadConfig({ DATA_DIR: dataDir, BASE_URL: "https://feedback.example.com" }))).toBe("https://feedback.example.com");
  });
});
