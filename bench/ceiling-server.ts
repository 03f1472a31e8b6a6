/**
 * The ceiling: a bare Fastify route answering a constant JSON body. No database, no hooks, no
 * logger; what the machine, Node and Fastify give before onpay does any work. Started exactly like
 * the service (child process, same build, same Node flags) and measured in the same run.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
const body = { status: 'ok', service: 'onpay-bench-ceiling' };
app.get('/ceiling', async () => body);
// Calibration: the same route plus `us` microseconds of pure CPU work per request. Shows what a
// given share of the ceiling leaves for a route's own work on this machine.
app.get<{ Querystring: { us?: string } }>('/spin', async (request) => {
  const end = performance.now() + Number(request.query.us ?? 0) / 1000;
  while (performance.now() < end);
  return body;
});

await app.listen({ port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? '127.0.0.1' });
const address = app.server.address();
const port = address && typeof address === 'object' ? address.port : 0;
process.stdout.write(`ceiling listening on http://127.0.0.1:${port}\n`);

process.once('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
