/**
 * The one place where requests from any transport enter main: the name is checked against the
 * contract, the argument validated by its zod schema, and every outcome turned into a Result.
 * Transports (Electron IPC, WebSocket) only move bytes; they call dispatch() and nothing else.
 */
import type { z } from 'zod';
import { requestSchemas, type ParsedArgs, type RequestName, type RequestResult } from '../../shared/contract';
import { asClause, issuePath } from '../../shared/issue-words';
import { AppFailure, err, ok, type Result } from '../../shared/result';

export type Handlers = {
  [N in RequestName]: (args: ParsedArgs<N>) => Promise<RequestResult<N>>;
};

export type Dispatch = (name: string, args: unknown) => Promise<Result<unknown>>;

export function createDispatch(handlers: Handlers, log: (line: string) => void = () => {}): Dispatch {
  return async (name, args) => {
    if (!Object.hasOwn(requestSchemas, name))
      return err('UNKNOWN_REQUEST', `There is no request named "${name}".`);
    const requestName = name as RequestName;
    const schema = requestSchemas[requestName] as z.ZodType;
    const parsed = schema.safeParse(args ?? {});
    if (!parsed.success) {
      // The schemas word their rules (shared/zod.ts words the rest): say where, and what is allowed.
      const issue = parsed.error.issues[0];
      const where = issue?.path.length ? issuePath(issue.path) : 'its argument';
      return err(
        'INVALID_ARGUMENT',
        `${requestName}: ${where}${asClause(issue?.message ?? 'is not allowed here')}.`,
        {
          ...(issue?.path.length ? { details: { field: issuePath(issue.path) } } : {}),
        },
      );
    }
    try {
      const handler = handlers[requestName] as (a: unknown) => Promise<unknown>;
      return ok(await handler(parsed.data));
    } catch (e) {
      if (e instanceof AppFailure) return { ok: false, error: e.error };
      log(`internal error in ${requestName}: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
      return err(
        'INTERNAL',
        `bplab hit an internal error in ${requestName}: ${e instanceof Error ? e.message : String(e)}`,
      );
    }
  };
}
