/**
 * Every `bplab` subcommand, in the order `bplab help` lists them.
 * To add one: write commands/<name>.ts exporting a defineCommand(...), and list it here.
 */
import type { CliCommand } from './command';
import { capabilitiesCommand, connectCommand } from './commands/capabilities';
import { compareCommand, reportCommand } from './commands/compare';
import { demoCommand } from './commands/demo';
import { loadCommand } from './commands/load';
import { profileAddCommand, profileListCommand, profileRemoveCommand } from './commands/profile';
import {
  sandboxBinariesCommand,
  sandboxCreateCommand,
  sandboxDeleteCommand,
  sandboxListCommand,
  sandboxLogCommand,
  sandboxRestartCommand,
  sandboxResizeCommand,
  sandboxStartCommand,
  sandboxStopCommand,
} from './commands/sandbox';
import { queriesCommand, queryCommand } from './commands/query';
import { queriesAddCommand, queriesRemoveCommand } from './commands/queries';
import { runCommand } from './commands/run';
import { serveCommand } from './commands/serve';
import { whatifCommand } from './commands/whatif';
import {
  ssbDropCommand,
  ssbGenerateCommand,
  ssbImportCommand,
  ssbListCommand,
  ssbVerifyCommand,
} from './commands/ssb';

export const COMMANDS: readonly CliCommand[] = [
  demoCommand,
  serveCommand,
  sandboxListCommand,
  sandboxBinariesCommand,
  sandboxCreateCommand,
  sandboxStartCommand,
  sandboxStopCommand,
  sandboxRestartCommand,
  sandboxResizeCommand,
  sandboxDeleteCommand,
  sandboxLogCommand,
  profileAddCommand,
  profileListCommand,
  profileRemoveCommand,
  connectCommand,
  runCommand,
  capabilitiesCommand,
  ssbGenerateCommand,
  ssbImportCommand,
  ssbVerifyCommand,
  ssbListCommand,
  ssbDropCommand,
  loadCommand,
  compareCommand,
  reportCommand,
  whatifCommand,
  queriesCommand,
  queriesAddCommand,
  queriesRemoveCommand,
  queryCommand,
];
