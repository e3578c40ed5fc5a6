import * as z from 'zod/mini';

/**
 * One page of a back-office list (keyset, ADR 1271): `next` is the `after` of the following page,
 * null on the last one. Every list of the back office answers in this shape (ADR 1338).
 */
export const listPage = <S extends z.ZodMiniType>(item: S) =>
  z.object({ items: z.array(item), next: z.nullable(z.string()) });

/** What the back office reads of a page. */
export interface ListPage<T> {
  items: T[];
  next: string | null;
}
