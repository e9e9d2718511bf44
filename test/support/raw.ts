/** Writes raw bytes to the server and returns what it answers before closing, for requests fetch cannot send. */
export async function rawExchange(port: string, request: string): Promise<string> {
  let reply = "";
  const { promise: closed, resolve } = Promise.withResolvers<void>();
  const socket = await Bun.connect({
    hostname: "127.0.0.1",
    port: Number(port),
    socket: {
      data(_socket, bytes) {
        reply += new TextDecoder().decode(bytes);
      },
      close: () => resolve(),
      error: () => resolve(),
    },
  });
  socket.write(request);
  await Promise.race([closed, Bun.sleep(2000)]);
  socket.end();
  return reply;
}
