/**
 * The page's one client of the contract, whichever transport carries it. Stores call `call()`,
 * which always resolves to a Result: errors are values here too.
 */
import type {
  BplabApi,
  EventName,
  EventTypes,
  RequestArgs,
  RequestName,
  RequestResult,
} from '../../shared/contract';
import type { Result } from '../../shared/result';

let current: BplabApi | null = null;

export function setApi(api: BplabApi): void {
  current = api;
}

function api(): BplabApi {
  if (!current) throw new Error('bplab: the API client is not set up yet');
  return current;
}

export function call<N extends RequestName>(
  name: N,
  args: RequestArgs<N>,
): Promise<Result<RequestResult<N>>> {
  return api()
    .invoke(name, args)
    .catch((e: unknown): Result<RequestResult<N>> => ({
      ok: false,
      error: {
        code: 'INTERNAL',
        message: `bplab could not send ${name}: ${e instanceof Error ? e.message : String(e)}`,
      },
    }));
}

export function onEvent<E extends EventName>(
  event: E,
  listener: (payload: EventTypes[E]) => void,
): () => void {
  return api().on(event, listener);
}
