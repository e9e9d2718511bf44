import { describe, expect, test } from "bun:test";
import { type Rendered, renderCache } from "../../../adapters/http/portal/render-cache.ts";

/** A render that counts its calls and answers with its number. */
function counting(status = 200) {
  let calls = 0;
  const render = async (): Promise<Rendered> => ({ status, body: `render ${++calls}`, headers: {} });
  return { render, calls: () => calls };
}

describe("the portal's render cache", () => {
  test("an address is rendered once for all its readers of a moment, and again once the moment has passed", async () => {
    let now = 0;
    const cached = renderCache(1000, () => now);
    const { render, calls } = counting();
    expect((await cached("en /p/acme", render)).body).toBe("render 1");
    now = 999;
    expect((await cached("en /p/acme", render)).body).toBe("render 1");
    expect((await cached("fr /p/acme", render)).body).toBe("render 2");
    now = 1000;
    expect((await cached("en /p/acme", render)).body).toBe("render 3");
    expect(calls()).toBe(3);
  });

  test("readers asking at once while it renders share that one rendering", async () => {
    const cached = renderCache(1000, () => 0);
    let release = () => {};
    let calls = 0;
    const slow = () =>
      new Promise<Rendered>((resolve) => {
        calls++;
        release = () => resolve({ status: 200, body: "page", headers: {} });
      });
    const readers = Array.from({ length: 32 }, () => cached("en /p/acme", slow));
    release();
    expect((await Promise.all(readers)).map((r) => r.body)).toEqual(Array(32).fill("page"));
    expect(calls).toBe(1);
  });

  test("an answer other than 200 (a 404, a redirect) is never kept", async () => {
    const cached = renderCache(1000, () => 0);
    const { render, calls } = counting(404);
    await cached("en /p/acme/ACME-9", render);
    await cached("en /p/acme/ACME-9", render);
    expect(calls()).toBe(2);
  });

  test("with no time to keep, every reader renders; and the cache holds at most its number of entries, the oldest going first", async () => {
    const off = renderCache(0, () => 0);
    const { render, calls } = counting();
    await off("en /p/acme", render);
    await off("en /p/acme", render);
    expect(calls()).toBe(2);
    const small = renderCache(1000, () => 0, 2);
    const second = counting();
    for (const key of ["a", "b", "c", "a"]) await small(key, second.render);
    expect(second.calls()).toBe(4);
  });
});
