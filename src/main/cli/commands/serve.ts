/** `bplab serve`: browser mode. Serves the app on loopback until SIGINT/SIGTERM. */
import { portArg } from '../args';
import { dataDirOption, defineCommand } from '../command';
import { assertUiBuilt, serveUntilStopped } from '../serve-ui';

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
    const port = values.port === undefined ? 0 : portArg('--port', values.port);
    assertUiBuilt(ctx);
    const app = await ctx.openApp({ dataDir: ctx.resolveDataDir(values['data-dir']) });
    return serveUntilStopped(app, ctx, { host: values.host, port });
  },
});
