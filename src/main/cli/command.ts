/**
 * What a `bplab` subcommand is, and what it gets to work with. Each command lives in its own file
 * under commands/ and is listed once in command-table.ts.
 */
import type { ParseArgsConfig, parseArgs } from 'node:util';
import type { RequestArgs, RequestName, RequestResult } from '../../shared/contract';
import { AppFailure } from '../../shared/result';
import type { App } from '../app';

export type CliOptions = NonNullable<ParseArgsConfig['options']>;
type Parsed<O extends CliOptions> = ReturnType<
  typeof parseArgs<{ options: O; allowPositionals: true; strict: true }>
>;

export interface CliCommand<O extends CliOptions = CliOptions> {
  /** The words that select it: "serve", or "sandbox list" for a command with a subcommand. */
  name: string;
  /** One line for `bplab help`. */
  summary: string;
  /** e.g. "bplab serve [--port N] [--host 127.0.0.1] [--data-dir DIR]" */
  usage: string;
  /** node:util parseArgs options; --help is added to every command. */
  options: O;
  /** Whether it takes positional arguments after its name. */
  positionals?: boolean;
  /** Returns the exit code. Throw AppFailure for an error the user should read as "bplab: <message>". */
  run(args: { values: Parsed<O>['values']; positionals: string[] }, ctx: CliContext): Promise<number>;
}

/** Declares a command with its option types inferred from `options`. */
export function defineCommand<const O extends CliOptions>(command: CliCommand<O>): CliCommand {
  return command as unknown as CliCommand;
}

export interface CliIo {
  /** stdout: only what a script may parse. */
  out(line: string): void;
  /** stderr: progress, warnings, errors. */
  err(line: string): void;
  /** Resolves when the user asks the process to stop (SIGINT/SIGTERM); long-running commands await it. */
  stopRequested: Promise<string>;
}

export interface CliContext extends CliIo {
  version: string;
  /** Where `bplab serve` finds the built renderer (dist/renderer next to the bundle). */
  staticDir: string;
  /** --data-dir if given, else BPLAB_HOME, else the folder the desktop app uses. */
  resolveDataDir(flag: string | undefined): string;
  /** Builds bplab's services for a data dir, as Electron does. */
  openApp(opts: { dataDir: string }): Promise<App>;
}

/** The --data-dir option, shared by every command that opens bplab's data. */
export const dataDirOption = { 'data-dir': { type: 'string' } } as const;

/** Calls one request and returns its value; an error result becomes an AppFailure for main to print. */
export async function call<N extends RequestName>(
  app: App,
  name: N,
  args: RequestArgs<N>,
): Promise<RequestResult<N>> {
  const result = await app.dispatch(name, args);
  if (!result.ok) throw new AppFailure(result.error);
  return result.value as RequestResult<N>;
}
