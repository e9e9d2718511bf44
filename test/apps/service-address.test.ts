import { describe, expect, test } from "bun:test";
import { loadConfig } from "../../apps/runtime/config.ts";
import { recordAddress, serviceAddress } from "../../apps/runtime/address.ts";
import { scratchDir } from "../support/scratch.ts";

describe("the address the CLI writes in its links", () => {
  const config = (dataDir: string) => loadConfig({ DATA_DIR: dataDir, PORT: "4100" });
  /** A clock the test moves: which server ran longest is decided by its times, not by how fast this machine sleeps. */
  let time = 1_000_000;
  const now = () => time;
  const later = (ms: number) => {
    time += ms;
  };

  test("is http://localhost:PORT when no server has run on the data directory", () => {
    expect(serviceAddress(config(scratchDir("address")))).toBe("http://localhost:4100");
  });

  test("is the address the server answers at, once one has run there", () => {
    const dataDir = scratchDir("address");
    recordAddress(dataDir, "http://localhost:51234");
    expect(serviceAddress(config(dataDir))).toBe("http://localhost:51234");
  });

  test("with two servers on the data directory, is the one running longest; once the second stops, still the first's", () => {
    const dataDir = scratchDir("address");
    const alive = new Set([101, 102]);
    recordAddress(dataDir, "http://localhost:3000", 101, (pid) => alive.has(pid), now);
    later(2);
    recordAddress(dataDir, "http://localhost:3001", 102, (pid) => alive.has(pid), now);
    expect(serviceAddress(config(dataDir), (pid) => alive.has(pid))).toBe("http://localhost:3000");
    alive.delete(102);
    expect(serviceAddress(config(dataDir), (pid) => alive.has(pid))).toBe("http://localhost:3000");
  });

  test("a server that stopped is not taken for running, even when another process is given its pid", () => {
    const dataDir = scratchDir("address");
    recordAddress(dataDir, "http://localhost:3000", 101, () => true, now);
    later(2);
    recordAddress(dataDir, "http://localhost:3001", 102, () => true, now).stopped();
    later(2);
    recordAddress(dataDir, "http://localhost:3000", 101, () => true, now).stopped();
    later(2);
    recordAddress(dataDir, "http://localhost:3003", 103, () => true, now);
    expect(serviceAddress(config(dataDir), () => true)).toBe("http://localhost:3003");
  });

  test("with no server running, is the address of the one that ran longest, not of one started for a while beside it", () => {
    const dataDir = scratchDir("address");
    const first = recordAddress(dataDir, "http://localhost:3102", 101, () => true, now);
    later(20);
    const second = recordAddress(dataDir, "http://localhost:3103", 102, () => true, now);
    later(2);
    second.stopped();
    first.stopped();
    expect(serviceAddress(config(dataDir), () => false)).toBe("http://localhost:3102");
    // And when the one beside it was started first: neither the first nor the last started is the answer by chance.
    const again = scratchDir("address");
    const aside = recordAddress(again, "http://localhost:3103", 101, () => true, now);
    later(2);
    const usual = recordAddress(again, "http://localhost:3102", 102, () => true, now);
    later(2);
    aside.stopped();
    later(20);
    usual.stopped();
    expect(serviceAddress(config(again), () => false)).toBe("http://localhost:3102");
  });

  test("is BASE_URL whenever it is set", () => {
    const dataDir = scratchDir("address");
    recordAddress(dataDir, "http://localhost:51234");
    expect(serviceAddress(loadConfig({ DATA_DIR: dataDir, BASE_URL: "https://feedback.example.com" }))).toBe("https://feedback.example.com");
  });
});
