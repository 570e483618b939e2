import { AppFailure } from '../../../shared/result';

/** Placeholder for a handler still being built; removed once every handler is real. */
export const notYet = (name: string) => async (): Promise<never> => {
  throw AppFailure.of('INTERNAL', `${name} is not implemented yet`);
};
