import { expect, test } from 'vitest';
import { pollDecision } from './orderStatus';

test.each([
  ['submitted', 1, { continue: true }],
  ['created', 50, { continue: true }],
  ['pending', 90, { continue: true }],
  ['pending', 91, { continue: false, is_accepted: false, is_pending: true }],
  ['submitted', 91, { continue: false, is_accepted: false, is_pending: true }],
  ['accepted', 3, { continue: false, is_accepted: true, is_pending: false }],
  ['declined', 3, { continue: false, is_accepted: false, is_pending: false }],
  ['exploded', 1, { continue: false, is_accepted: false, is_pending: true }],
  [undefined, 1, { continue: false, is_accepted: false, is_pending: true }],
])('%s after %i polls -> %o', (state, polls, expected) => {
  expect(pollDecision(state, polls)).toEqual(expected);
});
