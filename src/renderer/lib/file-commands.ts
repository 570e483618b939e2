/** The File commands (new, open, save, save as, close): the desktop menu's and the page's buttons, one way. */
import { dialogs, proposedName, type FileCommand } from './document-files';
import { useDocuments } from './documents';

/**
 * Runs a File command: the desktop menu's (one line: `runFileCommand(command)`) and the page's buttons.
 * Open and save as use the OS dialog in the desktop app, and ask for a path in the page in browser mode.
 */
export async function runFileCommand(command: FileCommand): Promise<boolean> {
  const docs = useDocuments.getState();
  switch (command) {
    case 'file.new':
      return docs.newDocument();
    case 'file.open': {
      const picker = dialogs();
      if (!picker) {
        useDocuments.setState({ ask: 'open' });
        return false;
      }
      const path = await picker.pickOpen();
      return path ? docs.open(path) : false;
    }
    case 'file.save':
      return docs.save();
    case 'file.saveAs': {
      if (docs.refuseWhileRunning()) return false;
      const picker = dialogs();
      if (!picker) {
        useDocuments.setState({ ask: 'save-as' });
        return false;
      }
      if (!docs.current) return false;
      const path = await picker.pickSave(proposedName(docs.current));
      return path ? docs.saveAs(path) : false;
    }
    case 'file.close':
      return docs.close();
  }
}
