// The yardstick: a bare Bun.serve handler that parses the same JSON and answers 201.
const server = Bun.serve({
  port: Number(process.env.PORT ?? 0),
  async fetch(request) {
    if (request.method === "GET") return new Response("ok"); // the harness's readiness probe
    const body = (await request.json()) as { message?: string };
    return new Response(JSON.stringify({ ok: true, ticketId: "X-1", merged: false, length: body.message?.length }), {
      status: 201,
      headers: { "content-type": "application/json" },
    });
  },
});
console.log(JSON.stringify({ port: server.port }));
