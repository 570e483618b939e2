/**
 * bplab's data folder when none is given: BPLAB_HOME, else the folder Electron's
 * app.getPath('userData') gives the desktop app, so the CLI and the app share profiles and sandboxes.
 */
import { homedir } from 'node:os';
import { join } from 'node:path';

const APP_NAME = 'bplab';

export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  if (env.BPLAB_HOME) return env.BPLAB_HOME;
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', APP_NAME);
  if (platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), APP_NAME);
  return join(env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), APP_NAME);
}
