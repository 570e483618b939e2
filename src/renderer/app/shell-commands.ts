/**
 * What the shell itself does for the app's commands: Go leads to the first screen of each step of
 * the work. The file commands belong to the open-document store (lib/documents.ts) once it is in
 * place; until then they are registered as doing nothing, so a shortcut never reaches the browser's
 * own Save or Open.
 */
import { WORK_STEPS, type CommandId } from '../../shared/commands';
import { onCommand } from '../lib/commands';
import { firstScreenOf } from './screen-groups';
import { SCREENS, type ScreenId } from './screens';

const FILE_COMMANDS: CommandId[] = [
  'file.new',
  'file.open',
  'file.openRecent',
  'file.save',
  'file.saveAs',
  'file.exportReport',
];

/** Registers the shell's commands; returns the function that removes them. */
export function registerShellCommands(go: (screen: ScreenId) => void): () => void {
  const stops = WORK_STEPS.flatMap((step) => {
    const first = firstScreenOf(SCREENS, step.id);
    return first ? [onCommand(`go.${step.id}`, () => go(first.id))] : [];
  });
  for (const command of FILE_COMMANDS) stops.push(onCommand(command, () => undefined));
  return () => stops.forEach((stop) => stop());
}
