import { describe, expect, it } from 'vitest';
import { unsupportedCharacters } from './script';

describe('characters the documents can show', () => {
  it.each([
    ['Łukasz Wałęsa', []],
    ['Ιωάννης Παπαδόπουλος', []],
    ['Иван Петров', []],
    ['Ђорђе Јовановић', []],
    ['Nguyễn Văn Anh', []],
    ['Zoë Öztürk, Straße 1 – 3 „Hof“', []],
    ['Ayşe Şahin', []],
    ['e\u0301', []], // e + combining acute accent
    ['محمد علي', ['م', 'ح', 'د', 'ع', 'ل', 'ي']],
    ['李 Li', ['李']],
    ['Anna 👍', ['👍']],
    ['a\u0000b', ['\u0000']],
    ['a\u202eb', ['\u202e']],
  ])('%j -> %j', (text, bad) => {
    expect(unsupportedCharacters(text)).toEqual(bad);
  });
});
