import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import { ListTable } from './ListTable';
import { mt } from './moneyTexts';

const render = (items: readonly { id: string; n: number }[] | undefined) =>
  renderToStaticMarkup(
    <ListTable
      texts={mt.refunds}
      empty={mt.empty}
      items={items}
      row={(r) => (
        <tr key={r.id}>
          <td>{r.id}</td>
          <td>{r.n}</td>
          <td />
          <td />
        </tr>
      )}
    />,
  );

describe('ListTable (the lists of Zahlungsverkehr)', () => {
  test('while loading only the heading; an empty list says so without a table', () => {
    expect(render(undefined)).toBe(`<h2>${mt.refunds.title}</h2>`);
    expect(render([])).toBe(`<h2>${mt.refunds.title}</h2><p>${mt.empty}</p>`);
  });

  test('a scrolling region named by the caption, column headers in the order of the texts', () => {
    const html = render([
      { id: 'a', n: 1 },
      { id: 'b', n: 2 },
    ]);
    expect(html).toContain(
      `<div class="money-table" role="region" aria-label="${mt.refunds.title}" tabindex="0"><table>`,
    );
    expect(html).toContain(`<caption class="visually-hidden">${mt.refunds.title}</caption>`);
    const headers = [...html.matchAll(/<th scope="col">([^<]*)<\/th>/g)].map((m) => m[1]);
    expect(headers).toEqual(['Vertrag', 'Betrag', 'Fällig', 'Aktion']);
    expect(html).toContain('<tbody><tr><td>a</td><td>1</td>');
    expect(html.match(/<tr>/g)).toHaveLength(3);
  });
});
