/**
 * What the shell itself does for the app's commands: Go leads to the first screen of each step of
 * the work; New, Open, Save and Save As run on the open document (lib/documents.ts) and show the
 * Experiments screen, where it is edited; Open Recent opens the recent file the menu names there (or,
 * with none named, shows that screen's recent files); Export report shows the comparison, where the
 * export is chosen.
 */
import { WORK_STEPS, type CommandId } from '../../shared/app/commands';
import { onCommand } from '../lib/commands';
import { runFileCommand } from '../lib/file-commands';
import { useDocuments } from '../lib/documents';
import { firstScreenOf } from './screen-groups';
import { SCREENS, type ScreenId } from './screens';

const DOCUMENT_COMMANDS = [
  'file.new',
  'file.open',
  'file.save',
  'file.saveAs',
] as const satisfies CommandId[];

/** Registers the shell's commands; returns the function that removes them. */
export function registerShellCommands(go: (screen: ScreenId) => void): () => void {
  const stops = WORK_STEPS.flatMap((step) => {
    const first = firstScreenOf(SCREENS, step.id);
    return first ? [onCommand(`go.${step.id}`, () => go(first.id))] : [];
  });
  for (const command of DOCUMENT_COMMANDS)
    stops.push(
      onCommand(command, () => {
        go('experiments');
        void runFileCommand(command);
      }),
    );
  stops.push(
    onCommand('file.openRecent', ({ file }) => {
      go('experiments');
      if (file) void useDocuments.getState().open(file);
    }),
  );
  stops.push(onCommand('file.exportReport', () => go('compare')));
  return () => stops.forEach((stop) => stop());
}
