/**
 * Runs one `bplab` command line: picks the command from the table, parses its options with
 * node:util parseArgs, and turns every failure into one "bplab: <message>" line and an exit code
 * (1: the work failed; 2: the command line was wrong).
 */
import { parseArgs } from 'node:util';
import { AppFailure, formatError } from '../../shared/result';
import { createApp } from '../app';
import { commandFromArgv } from '../tasks/process-identity';
import { joinNegativeValues } from './args';
import type { CliCommand, CliContext, CliIo } from './command';
import { COMMANDS } from './command-table';
import { defaultDataDir } from './data-dir';
import { wrapLines } from '../../shared/text-wrap';

export interface CliEnvironment extends CliIo {
  version: string;
  staticDir: string;
  env?: NodeJS.ProcessEnv;
}

export async function runCli(argv: string[], environment: CliEnvironment): Promise<number> {
  const { out, err } = environment;
  if (argv.length === 0 || argv[0] === 'help' || argv[0] === '--help' || argv[0] === '-h') {
    const asked = argv.length > 1 ? findCommand(argv.slice(1)) : null;
    out(asked ? commandHelp(asked.command) : overview());
    return 0;
  }
  if (argv[0] === '--version' || argv[0] === 'version') {
    out(environment.version);
    return 0;
  }
  const found = findCommand(argv);
  if (!found) {
    err(`bplab: unknown command "${argv.join(' ')}"; run bplab help to list the commands`);
    return 2;
  }
  const { command, rest } = found;
  const takesValue = (flag: string) => command.options[flag]?.type === 'string';
  let parsed;
  try {
    parsed = parseArgs({
      args: joinNegativeValues(rest, takesValue),
      options: { ...command.options, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    });
  } catch (e) {
    err(`bplab: ${e instanceof Error ? e.message : String(e)}`);
    err(wrapLines(`usage: ${command.usage}`, { hang: 4 }));
    return 2;
  }
  if (parsed.values.help) {
    out(commandHelp(command));
    return 0;
  }
  if (!command.positionals && parsed.positionals.length > 0) {
    err(`bplab: ${command.name} takes no argument "${parsed.positionals[0]}"`);
    err(wrapLines(`usage: ${command.usage}`, { hang: 4 }));
    return 2;
  }
  const env = environment.env ?? process.env;
  const ctx: CliContext = {
    ...environment,
    resolveDataDir: (flag) => flag ?? defaultDataDir(env),
    openApp: ({ dataDir }) =>
      createApp({
        dataDir,
        transport: 'browser',
        version: environment.version,
        command: commandFromArgv(argv),
        log: (line) => err(`bplab: ${line}`),
      }),
  };
  try {
    return await command.run({ values: parsed.values, positionals: parsed.positionals }, ctx);
  } catch (e) {
    if (e instanceof AppFailure) err(`bplab: ${formatError(e.error)}`);
    else err(`bplab: internal error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
    return 1;
  }
}

/** The longest command name matching the first words of argv ("sandbox list" before "sandbox"). */
function findCommand(argv: string[]): { command: CliCommand; rest: string[] } | null {
  let best: { command: CliCommand; rest: string[] } | null = null;
  for (const command of COMMANDS) {
    const words = command.name.split(' ');
    if (words.every((w, i) => argv[i] === w) && (!best || words.length > best.command.name.split(' ').length))
      best = { command, rest: argv.slice(words.length) };
  }
  return best;
}

function overview(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  return [
    'bplab: the InnoDB Buffer Pool Lab',
    '',
    'usage: bplab <command> [options]     (bplab help <command> for its options)',
    '',
    ...COMMANDS.map((c) => wrapLines(`  ${c.name.padEnd(width)}  ${c.summary}`, { hang: width + 2 })),
  ].join('\n');
}

function commandHelp(command: CliCommand): string {
  return wrapLines(`usage: ${command.usage}\n\n${command.summary}`, { hang: 4 });
}
