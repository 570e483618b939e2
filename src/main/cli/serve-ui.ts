/** Serving the UI in browser mode until the user stops bplab; shared by `serve` and `demo`. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { AppFailure } from '../../shared/result';
import type { App } from '../app';
import { startBrowserServer } from '../transport/browser-server';
import type { CliContext } from './command';

/** Checked before anything starts, so a missing build leaves nothing running. */
export function assertUiBuilt(ctx: CliContext): void {
  if (!existsSync(join(ctx.staticDir, 'index.html')))
    throw AppFailure.of('FEATURE_MISSING', `the app's pages are not built (no ${ctx.staticDir}/index.html)`, {
      hint: 'run npm run build first',
    });
}

export async function serveUntilStopped(
  app: App,
  ctx: CliContext,
  opts: { host: string; port: number },
): Promise<number> {
  let server;
  try {
    server = await startBrowserServer({
      dispatch: app.dispatch,
      events: app.events,
      host: opts.host,
      port: opts.port,
      staticDir: ctx.staticDir,
      log: (line) => ctx.err(`bplab: ${line}`),
    });
  } catch (e) {
    await app.shutdown();
    throw e;
  }
  ctx.out(`bplab: serving on ${server.url}`);
  const signal = await ctx.stopRequested;
  ctx.err(
    `bplab: ${signal}: stopping (the sandboxes this process started are stopped, unless marked "keep running" or used by another bplab process)`,
  );
  await server.close();
  await app.shutdown();
  return 0;
}
