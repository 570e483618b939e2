/** The one Compare button of a finished job (an experiment, a load): it opens its saved results file on the Compare screen. */
import { useNavigation } from '../lib/navigation';

export function CompareButton({ file, testId }: { file: string; testId: string }) {
  const go = useNavigation((s) => s.go);
  return (
    <button type="button" className="primary" data-testid={testId} onClick={() => go('compare', null, file)}>
      Compare
    </button>
  );
}
