/** `bplab serve`: browser mode. Serves the app on loopback until SIGINT/SIGTERM. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { AppFailure } from '../../../shared/result';
import { startBrowserServer } from '../../transport/browser-server';
import { dataDirOption, defineCommand } from '../command';

export const serveCommand = defineCommand({
  name: 'serve',
  summary: 'serve bplab to a web browser on this machine (http://127.0.0.1, token-protected)',
  usage: 'bplab serve [--port N] [--host 127.0.0.1] [--data-dir DIR]',
  options: {
    port: { type: 'string' },
    host: { type: 'string', default: '127.0.0.1' },
    ...dataDirOption,
  },
  async run({ values }, ctx) {
    const port = parsePort(values.port);
    if (!existsSync(join(ctx.staticDir, 'index.html')))
      throw AppFailure.of(
        'FEATURE_MISSING',
        `the app's pages are not built (no ${ctx.staticDir}/index.html)`,
        {
          hint: 'run npm run build first',
        },
      );
    const app = await ctx.openApp({ dataDir: ctx.resolveDataDir(values['data-dir']) });
    let server;
    try {
      server = await startBrowserServer({
        dispatch: app.dispatch,
        events: app.events,
        host: values.host,
        port,
        staticDir: ctx.staticDir,
        log: (line) => ctx.err(`bplab: ${line}`),
      });
    } catch (e) {
      await app.shutdown();
      throw e;
    }
    ctx.out(`bplab: serving on ${server.url}`);
    const signal = await ctx.stopRequested;
    ctx.err(`bplab: ${signal}: stopping (sandboxes not marked "keep running" are stopped)`);
    await server.close();
    await app.shutdown();
    return 0;
  },
});

function parsePort(text: string | undefined): number {
  if (text === undefined) return 0;
  const port = Number(text);
  if (!/^\d+$/.test(text) || port > 65535)
    throw AppFailure.of('INVALID_ARGUMENT', `--port must be a number from 0 to 65535, not "${text}"`, {
      hint: '0 picks a free port',
    });
  return port;
}
