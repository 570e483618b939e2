/**
 * Every `bplab` subcommand, in the order `bplab help` lists them.
 * To add one: write commands/<name>.ts exporting a defineCommand(...), and list it here.
 */
import type { CliCommand } from './command';
import { serveCommand } from './commands/serve';

export const COMMANDS: readonly CliCommand[] = [serveCommand];
