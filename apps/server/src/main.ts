import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { startBanner } from './start-banner.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await buildApp(config);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // In-flight requests get the grace period; after that the process exits anyway.
    const timer = setTimeout(() => {
      app.log.error('graceful shutdown timed out, exiting');
      process.exit(1);
    }, config.shutdownGraceMs);
    timer.unref();
    try {
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const port = app.server.address();
  const url = `http://${shownHost}:${typeof port === 'object' && port ? port.port : config.port}`;
  app.log.info({ url, docs: `${url}/api/docs` }, 'Clan War Hub server listening');
  // The pretty logs go through a worker thread: their lines first, then the banner below them.
  const logger = app.log as unknown as { flush?: (done: () => void) => void };
  await new Promise<void>((done) => (logger.flush ? logger.flush(done) : done()));
  console.log(`\n${startBanner(config, url)}\n`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error('Failed to start:', error);
  process.exit(1);
});
