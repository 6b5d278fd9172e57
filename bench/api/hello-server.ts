import Fastify from 'fastify';

/**
 * The floor of the read side: a bare Fastify hello-world, same Node, same machine, same
 * load generator, measured in the same run as the hub's endpoints. Prints the line `startServer` waits for.
 */
const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
const address = await app.listen({ host: '127.0.0.1', port: 0 });
console.log(`listening on ${address}`);
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
