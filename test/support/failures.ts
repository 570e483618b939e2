/** The AppFailure a call ends with, for tests that check what bplab says when something cannot be done. */
import { AppFailure } from '../../src/shared/result';

/** The AppFailure `p` rejects with; a success, or any other error, fails the test. */
export async function failureOf(p: Promise<unknown>): Promise<AppFailure> {
  try {
    await p;
  } catch (e) {
    if (e instanceof AppFailure) return e;
    throw e;
  }
  throw new Error('expected an AppFailure, got success');
}

/** The AppFailure `f` throws; a return, or any other error, fails the test. */
export function failureOfCall(f: () => unknown): AppFailure {
  try {
    f();
  } catch (e) {
    if (e instanceof AppFailure) return e;
    throw e;
  }
  throw new Error('expected an AppFailure, got a return');
}
