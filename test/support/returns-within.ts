/**
 * A pure function's call, run in a worker that is given up on after a deadline: for the tests of
 * a cost that must grow with an input's length, not its square. Neither Bun nor a test timeout
 * can interrupt synchronous code, so a quadratic regular expression run in the test itself fails
 * only when it ends, minutes later; run in a worker, the test fails at the deadline. The worker
 * itself cannot be stopped mid-expression either, and spins until the process exits.
 *
 * The deadline is a hang guard, not a speed target (those belong in the benchmarks): hundreds of
 * times what a linear run of these inputs costs, so that a slow, busy machine never reaches it.
 */
const DEADLINE_MS = 5_000;

// Plain JavaScript in a blob, so that one file serves Bun and Deno alike. It says when the module is
// loaded, so that the deadline counts the call only, not the module's loading on a busy machine.
const WORKER = `onmessage = async ({ data: { module, name, args } }) => {
  const exports = await import(module);
  postMessage({ loaded: true });
  try {
    postMessage({ value: exports[name](...args) });
  } catch (error) {
    postMessage({ error: String(error) });
  }
};`;

type Reply = { loaded: true } | { value: unknown } | { error: string };

/** What `module`'s export `name` returns for `args`, or a failure if it has not returned within the deadline. */
export function returnsWithin(module: URL, name: string, args: readonly unknown[]): Promise<unknown> {
  const worker = new Worker(URL.createObjectURL(new Blob([WORKER], { type: "text/javascript" })), { type: "module" });
  return new Promise<unknown>((resolve, reject) => {
    let deadline: ReturnType<typeof setTimeout> | undefined;
    const end = (settle: () => void) => {
      clearTimeout(deadline);
      worker.terminate();
      settle();
    };
    worker.onmessage = ({ data }: MessageEvent<Reply>) => {
      if ("loaded" in data)
        deadline = setTimeout(
          () => end(() => reject(new Error(`${name} still ran after ${DEADLINE_MS} ms: its cost grows faster than its input`))),
          DEADLINE_MS,
        );
      else if ("error" in data) end(() => reject(new Error(`${name} threw: ${data.error}`)));
      else end(() => resolve(data.value));
    };
    worker.onerror = (event) => end(() => reject(new Error(`the worker running ${name} failed: ${event.message}`)));
    worker.postMessage({ module: module.href, name, args });
  });
}
