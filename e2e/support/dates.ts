import { addDays, isoToGerman, todayInBerlin } from '../../src/domain/dates';

/** A date N days from today (Europe/Berlin) as the tenant types it: TT.MM.JJJJ. */
export const inDays = (n: number): string =>
  isoToGerman(addDays(todayInBerlin(new Date()), n)) as string;
